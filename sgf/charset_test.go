package sgf

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	xunicode "golang.org/x/text/encoding/unicode"
)

// Game information in several languages. Some characters have `\` or `]`
// as their second byte in the encoding of their language: 嘰 and 刔 in GBK,
// 許, 功 and 也 in Big5, ソ, 十 and 望 in Shift_JIS.
type charsetCase struct {
	name     string
	charset  string // for CA
	enc      encoding.Encoding
	pb, pw   string
	ev, re   string
	comment  string
	trouble  bool // the encoded text has a `\` or `]` inside a character
	detected bool // guessed right without CA
}

func charsetCases() []charsetCase {
	return []charsetCase{
		{"GB2312", "GB2312", simplifiedchinese.GBK, "柯洁", "朴廷桓", "第三届梦百合杯世界围棋公开赛决赛", "白中盘胜",
			"黑棋这手棋是败着。", false, true},
		{"GBK", "GBK", simplifiedchinese.GBK, "柯洁", "古力", "嘰刔杯", "黑中盘胜", "这是一局好棋。", true, true},
		{"GB18030", "GB18030", simplifiedchinese.GB18030, "聂卫平", "马晓春𠀀", "新体育杯", "黑胜3/4子", "𠀀字在第二平面。", false, true},
		{"Big5", "Big5", traditionalchinese.Big5, "周俊勳", "林海峰", "台灣名人戰", "黑中盤勝",
			"許功蓋也是一盤好棋，這手是敗著。", true, true},
		{"Shift_JIS", "Shift_JIS", japanese.ShiftJIS, "井山裕太", "張栩", "第42期棋聖戦", "白中押し勝ち",
			"ソ十の手は予想外でした。望みはない。", true, true},
		{"EUC-KR", "EUC-KR", korean.EUCKR, "이세돌", "박정환", "한국기원 바둑리그", "흑 불계승",
			"좋은 대국이었습니다. 백이 집에서 앞서고 있었다.", false, true},
		{"ISO-8859-1", "ISO-8859-1", charmap.ISO8859_1, "Jürgen Müller", "François Côté", "Europäische Meisterschaft", "B+3.5",
			"Schöne Partie, großartig gespielt!", false, true},
		{"Latin1 alias", "latin1", charmap.ISO8859_1, "Åsa Ødegård", "José", "Copa", "W+R", "¿Qué pasó?", false, false},
		{"Windows name", "cp936", simplifiedchinese.GBK, "常昊", "王立诚", "应氏杯", "黑胜", "好棋", false, false},
	}
}

func charsetRecord(charset, pb, pw, ev, re, comment string) string {
	ca := ""
	if charset != "" {
		ca = "CA[" + charset + "]"
	}
	return "(;GM[1]FF[4]" + ca + "SZ[19]\nPB[" + pb + "]PW[" + pw + "]EV[" + ev + "]RE[" + re + "]\n;B[pd]C[" + comment + "];W[dd])\n"
}

func encodeRecord(t *testing.T, enc encoding.Encoding, s string) []byte {
	t.Helper()
	b, err := enc.NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatalf("encoding %q: %v", s, err)
	}
	return b
}

func checkCharsetRecord(t *testing.T, data []byte, pb, pw, ev, re, comment string) {
	t.Helper()
	games, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	info := games[0].Info()
	if info.Black != pb || info.White != pw || info.Event != ev || info.Result != re {
		t.Errorf("got %q %q %q %q, want %q %q %q %q", info.Black, info.White, info.Event, info.Result, pb, pw, ev, re)
	}
	if c := games[0].Children[0].Value("C"); c != comment {
		t.Errorf("comment %q, want %q", c, comment)
	}
	if got := mainLine(t, games[0]); strings.Join(got, "") != "B[pd]W[dd]" {
		t.Errorf("moves %q", got)
	}
	var buf bytes.Buffer
	if err := Write(&buf, games); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "PB["+pb+"]") || !strings.Contains(buf.String(), "CA[UTF-8]") {
		t.Errorf("written as\n%s", buf.Bytes())
	}
	roundTrip(t, games)
}

func TestExplicitCharset(t *testing.T) {
	for _, tt := range charsetCases() {
		t.Run(tt.name, func(t *testing.T) {
			src := charsetRecord(tt.charset, tt.pb, tt.pw, tt.ev, tt.re, tt.comment)
			data := encodeRecord(t, tt.enc, src)
			if trouble := bytes.Count(data, []byte(`\`))+bytes.Count(data, []byte(`]`)) > strings.Count(src, `]`); trouble != tt.trouble {
				t.Fatalf("encoded text has a trail byte `\\` or `]`: %v, want %v", trouble, tt.trouble)
			}
			checkCharsetRecord(t, data, tt.pb, tt.pw, tt.ev, tt.re, tt.comment)
		})
	}
}

func TestGuessCharset(t *testing.T) {
	for _, tt := range charsetCases() {
		if !tt.detected {
			continue
		}
		t.Run(tt.name, func(t *testing.T) {
			data := encodeRecord(t, tt.enc, charsetRecord("", tt.pb, tt.pw, tt.ev, tt.re, tt.comment))
			checkCharsetRecord(t, data, tt.pb, tt.pw, tt.ev, tt.re, tt.comment)
		})
	}
}

// TestGuessNames guesses the encoding of records whose only text is the
// players' names, the hardest case that is still common.
func TestGuessNames(t *testing.T) {
	tests := []struct {
		enc    encoding.Encoding
		pb, pw string
	}{
		{simplifiedchinese.GBK, "柯洁", "古力"},
		{simplifiedchinese.GBK, "天下无狗20", "巧花匠"},
		{simplifiedchinese.GBK, "聂卫平", "马晓春"},
		{simplifiedchinese.GBK, "芈昱廷", "党毅飞"},
		{traditionalchinese.Big5, "王銘琬", "張栩"},
		{korean.EUCKR, "홍성지", "안성준"},
		{traditionalchinese.Big5, "周俊勳", "林海峰"},
		{japanese.ShiftJIS, "井山裕太", "山下敬吾"},
		{japanese.ShiftJIS, "やまだ", "タナカ"},
		{korean.EUCKR, "이세돌", "박정환"},
		{korean.EUCKR, "신진서", "최정"},
		{charmap.ISO8859_1, "Müller", "Ødegård"},
	}
	for _, tt := range tests {
		src := "(;GM[1]FF[4]SZ[19]PB[" + tt.pb + "]PW[" + tt.pw + "];B[pd])"
		games, err := Parse(encodeRecord(t, tt.enc, src))
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		if info := games[0].Info(); info.Black != tt.pb || info.White != tt.pw {
			t.Errorf("names %q, %q, want %q, %q", info.Black, info.White, tt.pb, tt.pw)
		}
	}
}

func TestCharsetSpecialCases(t *testing.T) {
	utf16, err := xunicode.UTF16(xunicode.LittleEndian, xunicode.UseBOM).NewEncoder().String("(;CA[UTF-16]PB[李昌镐];B[aa])")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		data string
		pb   string
	}{
		{"UTF-8 BOM", "\xEF\xBB\xBF(;CA[GB2312]PB[李昌镐];B[aa])", "李昌镐"},
		{"UTF-16 BOM", utf16, "李昌镐"},
		{"UTF-8 despite CA", "(;CA[GB2312]PB[李昌镐];B[aa])", "李昌镐"},
		{"unknown CA", "(;CA[klingon]PB[李昌镐];B[aa])", "李昌镐"},
		{"CA inside another identifier", "(;XCA[GB2312]PB[李昌镐];B[aa])", "李昌镐"},
		{"ASCII with legacy CA", "(;CA[Shift_JIS]PB[Iyama Yuta];B[aa])", "Iyama Yuta"},
		{"UTF-8 with a cut character", "(;CA[UTF-8]PB[东方明\xE7\x8F]PW[天下无狗20];B[aa])", "东方明\uFFFD"},
		{"UTF-16 CA in ASCII", "(;CA[UTF-16]PB[李昌镐];B[aa])", "李昌镐"},
		{"replacement label", "(;CA[hz-gb-2312]PB[Cho];B[aa])", "Cho"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, err := Parse([]byte(tt.data))
			if err != nil {
				t.Fatal(err)
			}
			if pb := games[0].Value("PB"); pb != tt.pb {
				t.Errorf("PB %q, want %q", pb, tt.pb)
			}
			if m := mainLine(t, games[0]); len(m) != 1 || m[0] != "B[aa]" {
				t.Errorf("moves %q", m)
			}
		})
	}
}

func TestTestdataNotUTF8(t *testing.T) {
	games, err := Parse(readTestdata(t, "2016.10.04 dongfangmz vs 天下无狗20 (73262537).SGF"))
	if err != nil {
		t.Fatal(err)
	}
	info := games[0].Info()
	// The server cut Black's name 东方明珠 in the middle of a character.
	if info.White != "天下无狗20" || info.Black != "东方明\uFFFD" || info.BlackRank != "9段" {
		t.Errorf("info %+v", info)
	}
	if km, err := games[0].Komi(); km != 0 || err != nil {
		t.Errorf("Komi() = %v, %v", km, err)
	}
	roundTrip(t, games)
}

func TestFrequentSorted(t *testing.T) {
	if len(frequent)%3 != 0 || !utf8.ValidString(frequent) {
		t.Fatal("frequent is not made of three-byte characters")
	}
	for i := 3; i < len(frequent); i += 3 {
		if frequent[i-3:i] >= frequent[i:i+3] {
			t.Fatalf("frequent is not sorted at %q %q", frequent[i-3:i], frequent[i:i+3])
		}
	}
	for _, r := range "的是國이다围棋바둑" {
		if !isFrequent(r) {
			t.Errorf("isFrequent(%q) = false", r)
		}
	}
	for _, r := range "a€丂𠀀뷁" {
		if isFrequent(r) {
			t.Errorf("isFrequent(%q) = true", r)
		}
	}
}
