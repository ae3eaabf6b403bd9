package app

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"moyo/board"
	"moyo/game"
	"moyo/gtp"
	"moyo/render"
	"moyo/semeai"
	"moyo/sgf"
)

// eyeRace is a race on 13×13 (seeds/004's terms): Black's block on row
// 10 has an eye (D11), a plain liberty (B11) and a shared liberty (E9),
// which counts for Black as only Black has an eye; White's block on row
// 8 has four plain liberties (B7–E7). White wins either way.
const eyeRace = `
OOOOOOOOO....
OOOXXOOOO....
OO.X.XOOO....
OXXXXXXXO....
OXXX.OOOX....
XOOOOOOOX....
X....XXXX....
XXXXXXXXX....
XXXXXXXXX....
.............
.............
.............
.............
`

// writeSGF writes the diagram as an SGF setup record in a temporary file.
func writeSGF(t *testing.T, diagram string) string {
	t.Helper()
	pos, err := board.ParseDiagram(diagram)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := sgf.Write(&b, []*sgf.Node{game.SetupRoot(pos, 6.5, sgf.GameInfo{})}); err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(t.TempDir(), "race.sgf")
	if err := os.WriteFile(f, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestSemeaiText(t *testing.T) {
	f := writeSGF(t, eyeRace)
	code, out, stderr := run(t, "", "semeai", "--blocks", "B10,B8", f)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	t.Log("\n" + out)
	for _, want := range []string{
		// The answer first, then the count that explains it.
		"blocks:      Black D12 (14 stones, 3 liberties), White F9 (10 stones, 5 liberties)\n" +
			"outcome:     White captures, whoever moves first\n" +
			"Black to move: Black's block at D12 is captured.\n\n    region",
		"A   external  B            1  1              1        -1     C11\n",
		"C   shared    B            1  1              1        -1     E9\n",
		"D   external  W            4  -4             -4       -1     B7 C7 D7 E7\n",
		"Cooled by 2 the sum is -1: case 1, the integer -1.\n",
		"Black first: adjustment value -1, White captures.\n",
		"White first: adjustment value -1, White captures; tedomari at C11 (region A).\n",
		"An exhaustive search agrees.\n",
		// White's liberties B7–E7 lie along Black's wall: not his even
		// though he wins (semeai.RegionTerritory.Open). By territory the
		// count is Black's 14 captured stones, a point and a prisoner each.
		"  total -28 (count -28)\n",
		"leaving a count of -28 by territory, Black positive (the captured block's 14 stones count 2 each).\n",
		"Semedori: none.\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
}

func TestSemeaiJSON(t *testing.T) {
	f := writeSGF(t, eyeRace)
	code, out, stderr := run(t, "", "semeai", "--format", "json", "--blocks", "db,fe", f)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r semeaiOutput
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.Move != 0 || r.Size != 13 || r.Black.Point != "D12" || r.White.Point != "F9" || len(r.Regions) != 4 {
		t.Fatalf("report %+v", r)
	}
	if g := r.Regions[3]; g.Defender != "W" || g.Game != "-4" || g.Empty != 4 || strings.Join(g.Liberties, " ") != "B7 C7 D7 E7" {
		t.Errorf("region D %+v", g)
	}
	if v := r.Verdict; v.Case != 1 || v.N != "-1" || v.BlackFirst != "W" || v.WhiteFirst != "W" || v.WhiteMove != "C11" {
		t.Errorf("verdict %+v", v)
	}
	if tr := r.Territory; tr.Winner != "W" || tr.Mean != "-28" || len(tr.Regions) != 4 || *tr.Regions[3].Score != "0" {
		t.Errorf("territory %+v", tr)
	}
	if s := r.Search; s.BlackFirst != "W" || s.WhiteFirst != "W" || s.Agrees == nil || !*s.Agrees || s.Nodes <= 0 {
		t.Errorf("search %+v", s)
	}
	if o := r.Outcome; o.BlackFirst != "W" || o.WhiteFirst != "W" || o.By != "count" {
		t.Errorf("outcome %+v", o)
	}
}

// TestSemeaiJSONRefused checks the JSON of a race whose count cannot be
// made (the eye race with --max-empty 3), answered by the search: the
// reason, its regions, the one refused, what the search found and the
// outcome; and that --out writes it to a file.
func TestSemeaiJSONRefused(t *testing.T) {
	f := writeSGF(t, eyeRace)
	out := filepath.Join(t.TempDir(), "race.json")
	for _, args := range [][]string{nil, {"--out", out}} {
		args = append(append([]string{"semeai", "--format", "json", "--max-empty", "3", "--blocks", "B10,B8"}, args...), f)
		code, stdout, stderr := run(t, "", args...)
		if code != 0 || stderr != "" {
			t.Fatalf("%v: exit %d, stderr %q", args, code, stderr)
		}
		if slices.Contains(args, "--out") {
			data, err := os.ReadFile(out)
			if err != nil || stdout != "" {
				t.Fatalf("--out: %v; stdout %q", err, stdout)
			}
			stdout = string(data)
		}
		var r semeaiRefusalOutput
		if err := json.Unmarshal([]byte(stdout), &r); err != nil {
			t.Fatalf("%v: %v in %q", args, err, stdout)
		}
		if r.Reason != "too-large" || r.Size != 13 || r.Black.Point != "D12" || r.White.Point != "F9" || len(r.Regions) != 4 ||
			r.Error != "external region at B7 has 4 empty points; the limit is 3: region too large" {
			t.Errorf("refusal %+v", r)
		}
		for k, g := range r.Regions {
			if g.Refused != (k == 3) {
				t.Errorf("region %s refused %v", g.Label, g.Refused)
			}
		}
		if g := r.Regions[3]; g.Defender != "W" || g.Empty != 4 || strings.Join(g.Points, " ") != "B7 C7 D7 E7" {
			t.Errorf("region D %+v", g)
		}
		if s := r.Search; s.BlackFirst != "W" || s.WhiteFirst != "W" || s.BlackMove != "" || s.WhiteMove != "C11" || s.Error != "" || s.Nodes <= 0 {
			t.Errorf("search %+v", s)
		}
		if o := r.Outcome; !r.Answered || o == nil || o.BlackFirst != "W" || o.WhiteFirst != "W" || o.By != "search" {
			t.Errorf("answered %v, outcome %+v", r.Answered, o)
		}
	}
}

// TestSemeaiPNG draws the eye race of TestSemeaiText, counted, and
// answered by the search alone where the count is refused (--max-empty
// 3): the board, with a caption under it, taller for the latter's longer
// words.
func TestSemeaiPNG(t *testing.T) {
	f := writeSGF(t, eyeRace)
	var heights []int
	for _, args := range [][]string{{f}, {"--max-empty", "3", "--blocks", "B10,B8", f}} {
		code, out, stderr := run(t, "", append([]string{"semeai", "--format", "png", "--pixels", "400"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		img, err := png.Decode(strings.NewReader(out))
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		b := img.Bounds()
		if b.Dx() != 400 || b.Dy() <= 400 {
			t.Errorf("%v: image %v", args, b)
		}
		heights = append(heights, b.Dy())
	}
	// A caption of the regions, the total and the verdict, then one of
	// the search's answer and the count's reason, two lines each.
	if heights[1] <= heights[0] {
		t.Errorf("image heights %v: want the search's answer to take more lines", heights)
	}
	// A narrow picture breaks its caption to its width.
	code, out, stderr := run(t, "", "semeai", "--format", "png", "--pixels", "160", "--max-empty", "3", "--blocks", "B10,B8", f)
	if code != 0 {
		t.Fatalf("160 pixels: exit %d: %s", code, stderr)
	}
	img, err := png.Decode(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 160 || b.Dy()-160 <= render.CaptionHeight(160, 4) {
		t.Errorf("160 pixels: image %v, want the caption's four lines broken into more", b)
	}
}

func TestSemeaiErrors(t *testing.T) {
	f := writeSGF(t, eyeRace)
	open := writeSGF(t, `
. . . . .
. X O . .
. X O . .
. . . . .
. . . . .
`)
	// A region wider than any race's liberties: 7×7 less the blocks.
	wide := writeSGF(t, `
. . . . . . .
. X O . . . .
. X O . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
`)
	apart := writeSGF(t, `
X . . . .
. . . . .
. . . . O
. . . . .
. . . . .
`)
	alive := writeSGF(t, `
. X . X O
X X X X O
O O O O O
. . . . .
. . . . .
`)
	// A race too large to analyse is refused, and the error lists its
	// regions and what a search finds instead: more is the lines after the
	// first, and their end.
	tests := []struct {
		args []string
		code int
		want string
		more []string
	}{
		{[]string{"--blocks", "B10,C10", f}, 1, "are one chain", nil},
		{[]string{"--blocks", "B10,A5", f}, 1, "B10 and A5 are both Black", nil},
		{[]string{"--blocks", "A5,E3", apart}, 1, "the blocks at A5 and E3 neither touch nor share a liberty", nil},
		// A block alive by Benson's test: the race is answered all the same.
		{[]string{"--blocks", "B5,E5", alive}, 0, "", nil},
		{[]string{"--blocks", "B10,C11", f}, 1, "C11 is empty", nil},
		{[]string{"--blocks", "B10,Z10", f}, 1, "off the 13×13 board", nil},
		{[]string{open}, 1, "shared region at A5 has 21 empty points; the limit is 16: region too large", []string{
			"  A  both, shared  21 empty points  (refused)",
			"An exhaustive search found no verdict either: it stopped at its limit of 1,428,571 positions a side.",
		}},
		{[]string{"--search-nodes", "1000", open}, 1, "shared region at A5 has 21 empty points", []string{
			"  A  both, shared  21 empty points  (refused)",
			"An exhaustive search found no verdict either: it stopped at its limit of 1,000 positions a side.",
		}},
		// A region that opens onto the board is refused at once, with
		// that reason: neither the count nor the search is tried.
		{[]string{wide}, 1, "the shared region at A7 has 45 empty points, more than the 40 of a race's liberties: it opens onto the board", []string{
			"  A  both, shared  45 empty points  (refused)",
		}},
		{[]string{"--search-nodes", "-1", f}, 2, "--search-nodes -1 is negative", nil},
		{[]string{"--format", "svg", f}, 2, `unknown format "svg"`, nil},
		{[]string{"--blocks", "B10", f}, 2, "want two points", nil},
		{[]string{}, 2, "want one FILE", nil},
	}
	reasons := map[string]string{"are one chain": "not-a-race", "are both Black": "not-a-race", "neither touch": "not-a-race",
		"already alive": "not-a-race", "is empty": "not-a-race", "off the 13×13": "not-a-race", "21 empty points": "too-large",
		"opens onto the board": "open-region"}
	for _, tt := range tests {
		if tt.code == 1 {
			// Every refusal is JSON too with --format json, with a reason.
			code, stdout, _ := run(t, "", append([]string{"semeai", "--format", "json"}, tt.args...)...)
			var rf semeaiRefusalOutput
			if err := json.Unmarshal([]byte(stdout), &rf); err != nil || code != 1 || rf.Refusal == nil || !strings.Contains(rf.Error, tt.want) {
				t.Errorf("%v --format json: exit %d, %v, output %q", tt.args, code, err, stdout)
			} else if want := reasonFor(reasons, tt.want); string(rf.Reason) != want {
				t.Errorf("%v: reason %q, want %q", tt.args, rf.Reason, want)
			}
		}
		code, _, stderr := run(t, "", append([]string{"semeai"}, tt.args...)...)
		if code != tt.code || !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tt.args, code, stderr, tt.code, tt.want)
		}
		if tt.code != 1 {
			continue
		}
		// With --format png, a race found is drawn, its regions shaded and
		// the refusal under it; where none was found nothing is written.
		code, stdout, _ := run(t, "", append([]string{"semeai", "--format", "png", "--pixels", "400"}, tt.args...)...)
		if img, err := png.Decode(strings.NewReader(stdout)); code != 1 || tt.more != nil && (err != nil || img.Bounds().Dx() != 400) || tt.more == nil && stdout != "" {
			t.Errorf("%v --format png: exit %d, %d bytes (%v); want exit 1 and a picture only where the race has regions", tt.args, code, len(stdout), err)
		}
		if lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n"); !slices.Equal(lines[1:], tt.more) {
			t.Errorf("%v: stderr's lines after the first are\n%s\nwant\n%s", tt.args, strings.Join(lines[1:], "\n"), strings.Join(tt.more, "\n"))
		}
	}
}

// TestSemeaiAnsweredBySearch: a race whose count cannot be made (here a
// region over --max-empty) but which the search settles is answered, exit
// status 0: the search's outcome first, then the count's reason and the
// regions, on standard output (TestSemeaiJSONRefused has its JSON). The eye race of
// TestSemeaiText, which White wins either way.
func TestSemeaiAnsweredBySearch(t *testing.T) {
	f := writeSGF(t, eyeRace)
	code, stdout, stderr := run(t, "", "semeai", "--max-empty", "3", "--blocks", "B10,B8", f)
	want := []string{
		"By an exhaustive search: White captures, whoever moves first. White moving first captures starting at C11.",
		"The count could not be made: external region at B7 has 4 empty points; the limit is 3: region too large.",
		"  A  Black  1 empty point",
		"  B  Black  1 empty point",
		"  C  Black, shared  1 empty point",
		"  D  White  4 empty points  (refused)",
	}
	if lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n"); code != 0 || stderr != "" || !slices.Equal(lines[1:], want) {
		t.Errorf("exit %d, stderr %q, output\n%s\nwant after the first line\n%s", code, stderr, stdout, strings.Join(want, "\n"))
	}
}

// encodedCount matches a number in the range of semeai's count of life
// (semeai.LifeBound to twice AliveCount), and moveNumbers the numbers of
// the output that can be in that range: the move, the moves of the
// record, and the JSON's count of positions searched.
var (
	encodedCount = regexp.MustCompile(`(^|[^0-9,])-?(2[5-9][0-9]|[3-9][0-9][0-9]|1[0-9]{3}|20[0-9]{2})($|[^0-9,/])`)
	moveNumbers  = regexp.MustCompile(`"(nodes|move|moves)":[0-9]+|move: .*\n`)
)

// reasonFor returns the reason code of reasons whose key error contains.
func reasonFor(reasons map[string]string, error string) string {
	for k, v := range reasons {
		if strings.Contains(error, k) {
			return v
		}
	}
	return ""
}

// TestSemeaiTedomariChecked: at Master v Jiang Weijie after move 145 (P6
// v O7) the search agrees with the count's outcomes, but White's tedomari
// by the count, M8, does not reach them (after it neither is captured):
// the verdict's move is the search's, P7, and no tedomari is left to
// refute.
func TestSemeaiTedomariChecked(t *testing.T) {
	record := "../semeai/testdata/35-2017.01.02-Master-Jiang_Weijie.sgf"
	code, out, stderr := run(t, "", "semeai", "--move", "145", "--blocks", "P6,O7", record)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"White first: White captures; tedomari at P7 (region A).\n", "An exhaustive search agrees.\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	_, out, _ = run(t, "", "semeai", "--format", "json", "--move", "145", "--blocks", "P6,O7", record)
	for _, want := range []string{`"white_move":"P7"`, `"agrees":true}`, `"play":"P7"`} {
		if !strings.Contains(out, want) {
			t.Errorf("JSON lacks %s:\n%s", want, out)
		}
	}
	// The picture marks White's move, the search's P7, as the app does: a
	// small white stone, drawn in the corner of the point, since region
	// A's one point is P7 and its label is there too.
	_, out, _ = run(t, "", "semeai", "--format", "png", "--pixels", "600", "--move", "145", "--blocks", "P6,O7", record)
	img, err := png.Decode(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	l, err := render.NewLayout(image.Rect(0, 0, 600, 600), 19, render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		at    string
		stone bool
	}{{"P7", true}, {"P5", false}} {
		p, _, err := gtp.ParseVertex(tc.at, 19)
		if err != nil {
			t.Fatal(err)
		}
		white := 0
		r := l.CellRect(p)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if r, g, b, _ := img.At(x, y).RGBA(); min(r, g, b) > 0xe000 {
					white++
				}
			}
		}
		// The small stone's face is 22 near-white pixels of this cell of
		// 29 × 29, the label's letter none.
		if stone := white > r.Dx()*r.Dy()/100; stone != tc.stone {
			t.Errorf("%s: %d white pixels of %d, a stone %v, want %v", tc.at, white, r.Dx()*r.Dy(), stone, tc.stone)
		}
	}
}

// TestSemeaiRules: the verdict's rules beyond the sum, in the text and
// the JSON. In a composed position (../semeai/testdata/lives-at-once.sgf)
// White's D6, in atari, connects to White's living group by D5, the point
// it shares with Black's D4, which the sum of the two blocks' games there
// (0) hides: White moving first lives at once, and both sides' move is
// D5. On a real game's race, at
// AlphaGo Zero's self-play game 1 after move 300, Black's S15 is in
// atari, and Black moving first saves it by T10 (semeai's TestEscape).
func TestSemeaiRules(t *testing.T) {
	for _, tc := range []struct {
		record, move, blocks string
		text, json           []string
	}{
		{"../semeai/testdata/lives-at-once.sgf", "0", "D4,D6", []string{
			"Black first: Black captures; tedomari at D5 (region A).\n",
			"White first: neither is captured, since White's block lives at once, which the sum hides; it lives by D5 (region A).\n",
			"An exhaustive search agrees.\n",
			"White to move: neither block is captured. White's move: D5.\n",
		}, []string{`"white_first":"-","black_move":"D5","white_move":"D5","white_lives":true}`, `"play":"D5"`}},
		{"../semeai/testdata/AGZ-40b-selfplay-Game_001.sgf", "300", "S15,S13", []string{
			"Black first: neither is captured, since Black's block, in atari, escapes, which the sum does not see; it escapes by T10 (region B).\n",
			"White first: White captures; tedomari at T15 (region A).\n",
			"An exhaustive search agrees.\n",
		}, []string{`"black_first":"-","white_first":"W","black_move":"T10","white_move":"T15","black_saves":true}`, `"play":"T10"`}},
	} {
		code, out, stderr := run(t, "", "semeai", "--move", tc.move, "--blocks", tc.blocks, tc.record)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", tc.record, code, stderr)
		}
		_, js, _ := run(t, "", "semeai", "--format", "json", "--move", tc.move, "--blocks", tc.blocks, tc.record)
		// A block that lives reads "lives": no count near 1000, nor a
		// temperature or mean near 500, reaches the user.
		for _, got := range []string{moveNumbers.ReplaceAllString(out, ""), moveNumbers.ReplaceAllString(js, "")} {
			if n := encodedCount.FindString(got); n != "" {
				t.Errorf("%s %s: the output holds %s:\n%s", tc.record, tc.move, n, got)
			}
		}
		for _, c := range []struct {
			got  string
			want []string
		}{{out, tc.text}, {js, tc.json}} {
			for _, want := range c.want {
				if !strings.Contains(c.got, want) {
					t.Errorf("%s %s: output lacks %q:\n%s", tc.record, tc.move, want, c.got)
				}
			}
		}
	}
}

// TestSemeaiDifferences: at Mi Yuting v Master after move 305 (H6 v F6)
// the count has Black moving first capture and the search White: the
// JSON says where the two differ, a region and the assumption of the
// count's model it breaks, and the outcome is the search's; the search
// is the analysis's, within its limit of positions.
func TestSemeaiDifferences(t *testing.T) {
	record := "../testdata/records/29-2016.12.31-Master-Mi_Yuting.sgf"
	code, out, stderr := run(t, "", "semeai", "--format", "json", "--move", "305", "--blocks", "H6,F6", record)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		Outcome struct {
			BlackFirst string `json:"black_first"`
			By         string `json:"by"`
		} `json:"outcome"`
		Differences []struct {
			First, Count, Search, Region string
			Breaks                       string
		} `json:"differences"`
		Search struct {
			Nodes int `json:"nodes"`
		} `json:"search"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Outcome.BlackFirst != "W" || rep.Outcome.By != "search" || len(rep.Differences) == 0 {
		t.Fatalf("outcome %+v, differences %+v", rep.Outcome, rep.Differences)
	}
	// The check is the analysis's own search, and says so by its limit.
	if rep.Search.Nodes != semeai.DefaultSettleNodes {
		t.Errorf("search within %d positions a side; the analysis searched within %d", rep.Search.Nodes, semeai.DefaultSettleNodes)
	}
	for _, d := range rep.Differences {
		if d.First != "B" || d.Count != "B" || d.Search != "W" || d.Region == "" || d.Breaks == "" {
			t.Errorf("difference %+v", d)
		}
	}
}
