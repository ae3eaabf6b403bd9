package app

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"image/png"
	"math"
	"strconv"
	"strings"
	"testing"

	"moyo/internal/testenv"
)

// gameJSON runs 'moyo game --format json' with args and decodes it.
func gameJSON(t *testing.T, stdin string, args ...string) graphReport {
	t.Helper()
	out := runOK(t, stdin, append([]string{"game", "--format", "json"}, args...)...)
	var r graphReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	return r
}

// TestGameIsAnalyze checks every move's score against 'moyo analyze
// --move N', with symmetric at its defaults and bp with loopy BP at
// every tenth move.
func TestGameIsAnalyze(t *testing.T) {
	for _, tt := range []struct {
		args []string
		step int
	}{
		{nil, 1},
		{[]string{"--estimator", "bp", "--inference", "bp"}, 10},
	} {
		r := gameJSON(t, "", append(tt.args, guLi)...)
		if len(r.Moves) != 236 || r.Komi != 6.5 || !strings.HasPrefix(r.Game, "Gu Li") {
			t.Fatalf("%v: %d moves, komi %v, game %q", tt.args, len(r.Moves), r.Komi, r.Game)
		}
		for n := 0; n < len(r.Moves); n += tt.step {
			code, out, stderr := run(t, "", append(append([]string{"analyze", "--format", "json", "--move", strconv.Itoa(n)}, tt.args...), guLi)...)
			if code != 0 {
				t.Fatalf("analyze --move %d: %s", n, stderr)
			}
			var a jsonReport
			decodeJSON(t, out, &a)
			m := r.Moves[n]
			if m.Move != n || m.BoardScore != a.BoardScore || m.Estimate != a.Estimate {
				t.Fatalf("%v move %d: %+v; analyze: board %v, estimate %s", tt.args, n, m, a.BoardScore, a.Estimate)
			}
		}
	}
}

func TestGameTurningPoints(t *testing.T) {
	r := gameJSON(t, "", guLi)
	if len(r.TurningPoints) != 5 || r.TurningPoints[0].Move != 131 || math.Abs(r.TurningPoints[0].Swing-12.99) > 0.01 {
		t.Errorf("turning points %+v; want 131 (+12.99) first", r.TurningPoints)
	}
	r = gameJSON(t, "", "--turns", "2", guLi)
	if len(r.TurningPoints) != 2 {
		t.Errorf("--turns 2: %+v", r.TurningPoints)
	}
	code, out, stderr := run(t, "", "game", guLi)
	if code != 0 {
		t.Fatal(stderr)
	}
	wantAll(t, "the text", out,
		"estimator:  symmetric (mode=judged lambda=0.44",
		"move   board  estimate\n   0    0.00     W+6.5\n   1   21.10    B+14.6\n   2    0.00     W+6.5\n",
		"  move 131  B+12.99\n  move  31  W+11.35\n",
		"for 236 positions",
	)
}

func TestGameCSV(t *testing.T) {
	code, out, stderr := run(t, "", "game", "--format", "csv", "--estimator", "propagate", guLi)
	if code != 0 {
		t.Fatal(stderr)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 237 || strings.Join(rows[0], ",") != "move,board_score,estimate" {
		t.Fatalf("%d rows, header %v", len(rows), rows[0])
	}
	r := gameJSON(t, "", "--estimator", "propagate", guLi)
	for n, row := range rows[1:] {
		if row[0] != strconv.Itoa(n) || row[1] != fixed2(r.Moves[n].BoardScore) || row[2] != r.Moves[n].Estimate {
			t.Fatalf("row %d: %v; JSON %+v", n, row, r.Moves[n])
		}
	}
}

func TestGamePNG(t *testing.T) {
	code, out, stderr := run(t, "", "game", "--format", "png", "--pixels", "600", "--move", "100", guLi)
	if code != 0 {
		t.Fatal(stderr)
	}
	img, err := png.Decode(bytes.NewReader([]byte(out)))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 600 || b.Dy() <= 270 || b.Dy() > 400 {
		t.Errorf("picture %v; want 600 wide, 270 and a caption high", b)
	}
}

// TestGameBeforeAnIllegalMove: the moves before an illegal one are
// scored, with a warning.
func TestGameBeforeAnIllegalMove(t *testing.T) {
	code, out, stderr := run(t, "(;SZ[9];B[ee];W[cc]\n;B[cc])", "game", "--format", "csv", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "warning: stdin:2:2: move 3 (B C7): point is occupied") {
		t.Errorf("stderr: %s", stderr)
	}
	if n := strings.Count(out, "\n"); n != 4 {
		t.Errorf("%d lines, want a header and moves 0 to 2:\n%s", n, out)
	}
}

func TestGameUsage(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--win-prob", guLi}, "--win-prob needs a random field, bp or bpl"},
		{[]string{"--overlay", "none", guLi}, "--overlay is for a board's picture"},
		{[]string{"--turns", "-1", guLi}, "--turns -1 is negative"},
		{[]string{"--visits", "10", guLi}, "--visits and --reference-cache are for"},
		{[]string{"--reference", "kata", guLi}, `--reference "kata" (valid: final, katago, gnugo-engine)`},
		{[]string{"--cache", "x", "--reference", "katago", guLi}, "--cache is for --reference final"},
		{[]string{"--format", "svg", guLi}, `unknown format "svg"`},
	} {
		code, _, stderr := run(t, "", append([]string{"game"}, tt.args...)...)
		if code != 2 || !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", tt.args, code, stderr, tt.want)
		}
	}
	// A game whose result is no count has no final ownership.
	code, _, stderr := run(t, "(;SZ[9]RE[B+R];B[ee])", "game", "--reference", "final", "-")
	if code != 1 || !strings.Contains(stderr, `--reference final needs a counted game, and the result is "B+R"`) {
		t.Errorf("final of a resigned game: exit %d, %s", code, stderr)
	}
}

func TestGameWinProb(t *testing.T) {
	r := gameJSON(t, "(;SZ[9]KM[7];B[ee];W[cc];B[gc];W[cg])", "--estimator", "bp", "--win-prob", "--win-sweeps", "100", "-")
	if len(r.Moves) != 5 {
		t.Fatalf("%d moves", len(r.Moves))
	}
	for _, m := range r.Moves {
		if m.PBlackWins == nil || !(*m.PBlackWins >= 0 && *m.PBlackWins <= 1) || m.PStdErr == nil {
			t.Errorf("move %d: P(Black wins) %v ± %v", m.Move, m.PBlackWins, m.PStdErr)
		}
	}
	// An empty 9×9 board at komi 7: White's, by the komi.
	if p := *r.Moves[0].PBlackWins; p > 0.5 {
		t.Errorf("empty board at komi 7: P(Black wins) %v", p)
	}
}

// TestGameFinal measures every move against the final ownership that GNU
// Go finds: the cross-entropy falls as the game nears its end.
func TestGameFinal(t *testing.T) {
	testenv.GnuGo(t)
	r := gameJSON(t, "", "--reference", "final", "--cache", t.TempDir(), "--compare", "symmetric:lambda=0.3", guLi)
	if !strings.Contains(r.Reference, "final ownership, W+2.5") {
		t.Errorf("reference %q", r.Reference)
	}
	first, last := r.Moves[0], r.Moves[235]
	if first.CrossEntropy == nil || math.Abs(*first.CrossEntropy-math.Ln2) > 1e-9 {
		t.Errorf("the empty board's cross-entropy %v, want ln 2", first.CrossEntropy)
	}
	if last.CrossEntropy == nil || *last.CrossEntropy > 0.2 || *last.RefBoardScore != *first.RefBoardScore {
		t.Errorf("the last move: %+v", last)
	}
	// λ 0.3 spreads less far from the stones: at the end, farther from
	// the final ownership than λ 0.44.
	if c := last.CompareCrossEntropy; c == nil || *c <= *last.CrossEntropy {
		t.Errorf("the second setting's cross-entropy at the end: %v, the first's %v", c, *last.CrossEntropy)
	}
}

// tinyGame is a 9×9 game of four moves for the engines' references.
const tinyGame = "(;GM[1]FF[4]SZ[9]KM[7]RE[W+R];B[ee];W[cc];B[gc];W[cg])"

func TestGameKataGo(t *testing.T) {
	f := testenv.KataGo(t)
	r := gameJSON(t, tinyGame, "--reference", "katago", "--katago", f.Program, "--katago-model", f.Model, "--reference-cache", t.TempDir(), "-")
	if !strings.Contains(r.Reference, "KataGo's raw network") || len(r.Moves) != 5 {
		t.Fatalf("reference %q, %d moves", r.Reference, len(r.Moves))
	}
	for _, m := range r.Moves {
		if m.RefLead == nil || m.RefBoardScore == nil || m.CrossEntropy == nil || math.Abs(*m.RefLead) > 20 {
			t.Errorf("move %d: %+v", m.Move, m)
		}
	}
	// At komi 7 the empty board is about even for KataGo.
	if l := *r.Moves[0].RefLead; math.Abs(l) > 3 {
		t.Errorf("the empty board: KataGo's lead %v", l)
	}
}

func TestGameGnuGo(t *testing.T) {
	testenv.GnuGo(t)
	r := gameJSON(t, tinyGame, "--reference", "gnugo-engine", "--reference-cache", t.TempDir(), "-")
	for _, m := range r.Moves {
		if m.RefBoardScore == nil || m.CrossEntropy == nil || m.RefLead != nil {
			t.Errorf("move %d: %+v", m.Move, m)
		}
	}
	if s := *r.Moves[0].RefBoardScore; s != 0 {
		t.Errorf("GNU Go's empty board: %v", s)
	}
}

// TestGameCompare checks the second setting's scores against 'moyo
// analyze' with its parameters, and its column in the text.
func TestGameCompare(t *testing.T) {
	r := gameJSON(t, "", "--compare", "symmetric:lambda=0.3", guLi)
	if r.Compare != "symmetric:lambda=0.3" {
		t.Errorf("compare %q", r.Compare)
	}
	for _, n := range []int{0, 50, 150, 235} {
		code, out, stderr := run(t, "", "analyze", "--format", "json", "--lambda", "0.3", "--move", strconv.Itoa(n), guLi)
		if code != 0 {
			t.Fatal(stderr)
		}
		var a jsonReport
		decodeJSON(t, out, &a)
		m := r.Moves[n]
		if m.CompareBoardScore == nil || *m.CompareBoardScore != a.BoardScore || m.CompareEstimate != a.Estimate || n > 0 && m.BoardScore == a.BoardScore {
			t.Errorf("move %d: %+v; analyze --lambda 0.3: %v %s", n, m, a.BoardScore, a.Estimate)
		}
	}
	code, out, stderr := run(t, "", "game", "--compare", "symmetric:lambda=0.3", guLi)
	if code != 0 {
		t.Fatal(stderr)
	}
	if !strings.Contains(out, "compare:    symmetric:lambda=0.3\n") || !strings.Contains(out, "move   board  estimate  compare  cmp estimate\n") {
		t.Errorf("text:\n%s", out[:400])
	}
	for _, tt := range []struct{ arg, want string }{
		{"symmetric,propagate", "--compare: 2 settings, want one"},
		{"symmetric:lambda=7", "lambda 7 is outside [0, 1]"},
		{"nosuch", `unknown estimator "nosuch"`},
	} {
		code, _, stderr := run(t, "", "game", "--compare", tt.arg, guLi)
		if code != 2 || !strings.Contains(stderr, tt.want) {
			t.Errorf("--compare %s: exit %d, %q", tt.arg, code, stderr)
		}
	}
}
