package sgf

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/ianaindex"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	xunicode "golang.org/x/text/encoding/unicode"
)

// decode converts an SGF file to UTF-8 as described at Parse. The result is
// always valid UTF-8.
func decode(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte("\xEF\xBB\xBF")):
		return strings.ToValidUTF8(string(data[3:]), "\uFFFD")
	case bytes.HasPrefix(data, []byte("\xFF\xFE")), bytes.HasPrefix(data, []byte("\xFE\xFF")):
		if s, ok := decodeWith(xunicode.UTF16(xunicode.BigEndian, xunicode.ExpectBOM), data); ok {
			return s
		}
	}
	if enc := lookupCharset(declaredCharset(data)); enc != nil {
		if s, ok := decodeWith(enc, data); ok {
			if utf8.Valid(data) && textScore(string(data), anyCommon()) > textScore(s, commonIn(enc)) {
				return string(data)
			}
			return s
		}
	}
	if utf8.Valid(data) {
		return string(data)
	}
	return guess(data)
}

// declaredCharset returns the value of the first CA property in the raw
// bytes, which is ASCII in every encoding that matters here.
func declaredCharset(data []byte) string {
	for off := 0; ; {
		i := bytes.Index(data[off:], []byte("CA["))
		if i < 0 {
			return ""
		}
		i += off
		off = i + 3
		if i > 0 && data[i-1] >= 'A' && data[i-1] <= 'Z' {
			continue // another identifier, such as "PCA"
		}
		v := data[off:min(len(data), off+40)]
		end := bytes.IndexByte(v, ']')
		if end < 0 {
			return ""
		}
		return strings.TrimSpace(string(v[:end]))
	}
}

// lookupCharset returns the encoding named by a CA value, or nil for UTF-8,
// ASCII and names it does not know.
func lookupCharset(name string) encoding.Encoding {
	name = strings.ToLower(name)
	switch name {
	case "", "utf-8", "utf8", "us-ascii", "ascii":
		return nil
	case "cp936":
		name = "gbk"
	case "cp949", "uhc":
		name = "euc-kr"
	case "cp950":
		name = "big5"
	case "cp932":
		name = "shift_jis"
	}
	// The WHATWG names cover what SGF editors write: it reads "gb2312" as
	// GBK and "iso-8859-1" as Windows-1252, which are supersets.
	enc, err := htmlindex.Get(name)
	if err != nil || enc == encoding.Replacement {
		// WHATWG maps a few dangerous labels, such as "hz-gb-2312", to an
		// encoding that decodes everything to U+FFFD.
		if enc, err = ianaindex.IANA.Encoding(name); err != nil || enc == nil {
			return nil
		}
	}
	// A CA found in ASCII bytes cannot be right about UTF-16 or UTF-32.
	if canon, err := htmlindex.Name(enc); err == nil && strings.HasPrefix(canon, "utf-") {
		return nil
	}
	if canon, err := ianaindex.IANA.Name(enc); err == nil && strings.HasPrefix(strings.ToLower(canon), "utf-") {
		return nil
	}
	return enc
}

func decodeWith(enc encoding.Encoding, data []byte) (string, bool) {
	b, err := enc.NewDecoder().Bytes(data)
	if err != nil {
		return "", false
	}
	return strings.ToValidUTF8(string(b), "\uFFFD"), true
}

// guess decodes data that is not valid UTF-8 and has no usable CA with the
// candidate encoding whose result scores best as text. UTF-8 stays a
// candidate (with the bad bytes replaced) because files that say CA[UTF-8]
// are sometimes UTF-8 with a few broken characters, such as names cut off
// in the middle of a character by a server.
func guess(data []byte) string {
	best := strings.ToValidUTF8(string(data), "\uFFFD")
	bestScore := textScore(best, anyCommon())
	for _, enc := range []encoding.Encoding{
		simplifiedchinese.GB18030,
		traditionalchinese.Big5,
		japanese.ShiftJIS,
		korean.EUCKR,
		charmap.Windows1252,
	} {
		s, ok := decodeWith(enc, data)
		if !ok {
			continue
		}
		if score := textScore(s, commonIn(enc)); score > bestScore {
			best, bestScore = s, score
		}
	}
	return best
}

// frequent lists characters that are frequent in Chinese (simplified and
// traditional), Japanese and Korean text and in Go records: the most
// frequent Chinese characters and their traditional forms, Go terms, common
// family names, the most frequent Hangul syllables. They are what tells
// apart encodings whose byte ranges overlap: Korean text read as GBK gives
// valid but random Chinese characters. The characters are sorted and each
// is three bytes long in UTF-8, so that isFrequent can binary-search them.
const frequent = "" +
	"一丁七万三上下不与专且世业东两严个中为主举么义之乎乔九也书了争事二于五亚些交产京" +
	"亲人什仅今从他代令以们件价任企众会传似但位低住体何余作你使來例供依侯便保信個們候" +
	"做傅像儿元先光克党入全兩八公六共关兴兵其具内再写军农冠冯决况准几出击分切划列刘则" +
	"利别到制則前力办功加务动劫势動勝包化北区医十半华单南卢卫即却历原去参又及友双反发" +
	"取受变口古另只叫可台史叶号司吃各合同名后向吕吗吧听吴告员呢周命和品响員唐商問器四" +
	"回因团围国图國圍土在地场型城基報場境增士声处备复夏外多够大天太夫失头奇女她好如始" +
	"委姚姜子孔字存孙孟学孩學它安宋完官定实客害家容密察實对导将將專對小少尔就尹尽局展" +
	"山崔工己已巴市布师希带師常干平年并广应底府度康廖廷建开弈式引张張強强当形彭影往很" +
	"律後徐得從德心必志快念态怎思性总息情想意感應成我或战戰戴房所手才打批找技把投护报" +
	"拉持指按据接推提支收改攻放政故效敌教数整數文斗料断斯新方施族无日早时昊明易星是昱" +
	"显時更書曹曾最會月有服望朝期未本术朱机杀权李杜条来杨杯東极构林果某查柯标样根格案" +
	"梁棋業樣機次正此步武死段母每比毛民气水求江汤汪沈沒没河治法注洁活派流济海消深清满" +
	"潘火点為烨然照熊爱父片物特王现現理生用田由电界留當病發白百的盘盤目直相看真眼着知" +
	"石研确示社神离种科秦称程種究空突立站章笑第等答算管米类精系紧結經總红约级纪线组织" +
	"终经结给绝统续维罗美群義耀老考者而聂联胜胡能自至致與色节芈花苏英范营萧落董蒋蔡薛" +
	"號虽行表袁被装西要見见观规视觉解言話說變讓计认让议记讲许论设证识话该语说请调谈谢" +
	"谭象負貼賽负责质贴费贺贾资赖赛走赵起越足跟路身軍车转轻较边达过运近还这进远连选這" +
	"通造連進過道選還邓那邱邵邹郑郝部郭都采里重量金钟钱長长門開間關门问间阎队防阿际陆" +
	"陈院除随难集雷電需青非面革韦韩音頭題项须顾领题风飞首马验體高魏麼黄黎黑點龙龚가간" +
	"감강개거건것게결경계고공과관교구국군권그기김나날남내노는니다단당대데도돌동되된두" +
	"둑들라러려로류르를리마만말면명모목무문물미민바박반발방배백법변보본부분불비사산상" +
	"생서석선성세소손송수승시식신실심아안야양어업에여연영오와외요용우원월위유육윤을음" +
	"의이인일임입있자작장재저적전점정제조주준중지진집차철청체최출치태통패하학한해했행" +
	"허혁현호홍화황회훈흑희"

// isFrequent reports whether r is in frequent.
func isFrequent(r rune) bool {
	var b [3]byte
	if utf8.RuneLen(r) != len(b) {
		return false
	}
	utf8.EncodeRune(b[:], r)
	key := string(b[:])
	lo, hi := 0, len(frequent)/3
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch c := frequent[3*m : 3*m+3]; {
		case c == key:
			return true
		case c < key:
			lo = m + 1
		default:
			hi = m
		}
	}
	return false
}

// textScore rates how much s looks like real text: frequent characters
// count for much, common ones a little, while replacement characters,
// controls and rare characters count against. common reports whether a
// Chinese character or Hangul syllable is in the common set of the encoding
// s was decoded from; characters outside it are mostly mojibake.
func textScore(s string, common func(rune) bool) int {
	score := 0
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf:
			if r < ' ' && r != '\t' && r != '\n' && r != '\r' || r == 0x7F {
				score -= 5
			}
		case r == utf8.RuneError:
			score -= 10
		case r < 0xA0, r >= 0xE000 && r <= 0xF8FF:
			score -= 5 // C1 controls and private use
		case unicode.Is(unicode.Han, r), unicode.Is(unicode.Hangul, r):
			switch {
			case isFrequent(r):
				score += 4
			case common(r):
				score++
			default:
				score -= 2
			}
		case r >= 0x3041 && r <= 0x30FF:
			score += 2 // kana
		case r >= 0xFF61 && r <= 0xFF9F:
			score -= 2 // half-width kana: Shift_JIS misreading other text
		case r >= 0x3000 && r <= 0x303F, r >= 0xFF01 && r <= 0xFF60:
			score++ // CJK punctuation and full-width forms
		case r >= 0xC0 && r <= 0xFF && r != 0xD7 && r != 0xF7:
			score++ // accented Latin letters
		default:
			score--
		}
	}
	return score
}

// commonIn returns a test for the characters in the first (most common)
// level of enc's character set. Other encodings have no such level.
func commonIn(enc encoding.Encoding) func(rune) bool {
	var lo, hi uint16 // range of the two-byte codes of the common level
	var trail byte    // lowest trail byte
	switch enc {
	case simplifiedchinese.GB18030, simplifiedchinese.GBK, simplifiedchinese.HZGB2312:
		enc, lo, hi, trail = simplifiedchinese.GBK, 0xB0A1, 0xD7FE, 0xA1 // GB 2312 level 1
	case traditionalchinese.Big5:
		lo, hi, trail = 0xA440, 0xC67E, 0x40 // Big5 frequently used characters
	case japanese.ShiftJIS, japanese.EUCJP, japanese.ISO2022JP:
		enc, lo, hi, trail = japanese.ShiftJIS, 0x889F, 0x9872, 0x40 // JIS level 1 kanji
	case korean.EUCKR:
		lo, hi, trail = 0xB0A1, 0xFDFE, 0xA1 // KS X 1001 Hangul and Hanja
	default:
		return func(rune) bool { return false }
	}
	e := enc.NewEncoder()
	var src [utf8.UTFMax]byte
	var dst [8]byte
	return func(r rune) bool {
		e.Reset()
		n, _, err := e.Transform(dst[:], src[:utf8.EncodeRune(src[:], r)], true)
		if err != nil || n != 2 || dst[1] < trail {
			return false
		}
		c := uint16(dst[0])<<8 | uint16(dst[1])
		return c >= lo && c <= hi
	}
}

// anyCommon returns a test for characters common in any of the CJK
// encodings, for scoring text that was not decoded from one of them.
func anyCommon() func(rune) bool {
	tests := []func(rune) bool{
		commonIn(simplifiedchinese.GBK),
		commonIn(traditionalchinese.Big5),
		commonIn(japanese.ShiftJIS),
		commonIn(korean.EUCKR),
	}
	return func(r rune) bool {
		for _, t := range tests {
			if t(r) {
				return true
			}
		}
		return false
	}
}
