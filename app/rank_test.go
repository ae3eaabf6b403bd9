package app

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"moyo/render"
)

// rankJSON runs 'moyo rank --format json' and decodes its output loosely,
// so that the test sees every key.
func rankJSON(t *testing.T, stdin string, args ...string) []map[string]any {
	t.Helper()
	out := runOK(t, stdin, append([]string{"rank", "--format", "json"}, args...)...)
	var moves []map[string]any
	if err := json.Unmarshal([]byte(out), &moves); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	return moves
}

func TestRankJSON(t *testing.T) {
	moves := rankJSON(t, "", "--move", "150", guLi)
	if len(moves) != 26 {
		t.Fatalf("%d moves, want the default top 26", len(moves))
	}
	prev := 0.0
	for i, m := range moves {
		if len(m) != 2 {
			t.Errorf("entry %d has keys %v, want move and score", i, m)
		}
		label, ok := m["move"].(string)
		if !ok || !regexp.MustCompile(`^[A-HJ-T](1[0-9]|[1-9])$`).MatchString(label) {
			t.Errorf("entry %d: move %v", i, m["move"])
		}
		score, ok := m["score"].(float64)
		if !ok {
			t.Fatalf("entry %d: score %v", i, m["score"])
		}
		if i > 0 && score > prev {
			t.Errorf("entry %d (%s) scores %g, more than %g before it", i, label, score, prev)
		}
		prev = score
	}
	// Black to move after move 150: the best move gains for Black.
	if moves[0]["score"].(float64) <= 0 {
		t.Errorf("best move %v", moves[0])
	}
}

func TestRankTop(t *testing.T) {
	tests := []struct {
		stdin string
		args  []string
		want  int
	}{
		{"", []string{"--move", "150", "--top", "3", guLi}, 3},
		// A 5×5 board with one stone: 24 legal moves, all listed by
		// --top 0 and by the default 26.
		{"(;SZ[5];B[cc])", []string{"--top", "0", "-"}, 24},
		{"(;SZ[5];B[cc])", []string{"-"}, 24},
	}
	for _, tt := range tests {
		if got := rankJSON(t, tt.stdin, tt.args...); len(got) != tt.want {
			t.Errorf("%v: %d moves, want %d", tt.args, len(got), tt.want)
		}
	}
	all := rankJSON(t, "", "--move", "150", "--top", "0", guLi)
	if len(all) != 215 {
		t.Errorf("--top 0 lists %d moves, want the 215 legal ones", len(all))
	}
}

// TestRankWhite: with White to move, the best move's score is still a gain
// for the mover, and it is the mirror image of Black's best move in the
// mirrored record.
func TestRankWhite(t *testing.T) {
	white := rankJSON(t, "(;SZ[7];B[cc];W[ee];B[ce])", "-")
	black := rankJSON(t, "(;SZ[7];W[cc];B[ee];W[ce])", "-")
	if white[0]["move"] != black[0]["move"] || white[0]["score"] != black[0]["score"] {
		t.Errorf("White's best %v, mirrored Black's best %v", white[0], black[0])
	}
	if white[0]["score"].(float64) <= 0 {
		t.Errorf("White's best move scores %v", white[0]["score"])
	}
}

func TestRankText(t *testing.T) {
	out := runOK(t, "", "rank", "--move", "150", "--top", "12", "--estimator", "propagate", guLi)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 13 {
		t.Fatalf("%d lines, want a header and 12 moves:\n%s", len(lines), out)
	}
	head := regexp.MustCompile(`^move 150 of 235, Black to move; propagate \(attenuation=2 cap=total\); 215 legal moves ranked in [0-9.]+ ms$`)
	if !head.MatchString(lines[0]) {
		t.Errorf("header %q", lines[0])
	}
	entry := regexp.MustCompile(`^ ?([0-9]+)\. [A-HJ-T][0-9]{1,2} +[+-][0-9]+\.[0-9]{2}$`)
	for i, l := range lines[1:] {
		m := entry.FindStringSubmatch(l)
		if m == nil || m[1] != strconv.Itoa(i+1) {
			t.Errorf("line %q", l)
		}
	}
}

func TestRankPNG(t *testing.T) {
	out := filepath.Join(t.TempDir(), "rank.png")
	code, _, stderr := run(t, "", "rank", "--move", "150", "--format", "png", "--pixels", "400", "--out", out, guLi)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	img := readPNG(t, out)
	// The board, and the caption under it: the game and the move, the
	// estimator and its estimate.
	if b := img.Bounds(); b.Dx() != 400 || b.Dy() != 400+render.CaptionHeight(400, 2) {
		t.Errorf("image is %v, want 400×%d", b, 400+render.CaptionHeight(400, 2))
	}
	// Fewer moves than letters and crosses: every move is marked once.
	code, _, stderr = run(t, "(;SZ[5];B[cc])", "rank", "--format", "png", "--out", out, "-")
	if code != 0 {
		t.Fatalf("5×5: exit %d: %s", code, stderr)
	}
}

func TestRankErrors(t *testing.T) {
	checkFailures(t, "rank", []cliFailure{
		{"syntax error", "(;SZ[19]\n;B[dd]W[", []string{"-"}, 1, "moyo: stdin:2:8: value is not closed with ']'\n"},
		{"illegal move", "(;SZ[9];B[ee]\n;W[ee])", []string{"-"}, 1, "moyo: stdin:2:2: move 2 (W E5): point is occupied\n"},
		{"move past the end", "(;SZ[9];B[ee])", []string{"--move", "5", "-"}, 1, "moyo: stdin: --move 5 is outside the record, which has 1 moves\n"},
		{"missing file", "", []string{"no-such.sgf"}, 1, "moyo: open no-such.sgf: no such file or directory\n"},
		{"unknown estimator", "", []string{"--estimator", "katago", guLi}, 2, "moyo rank: unknown estimator \"katago\" (valid: "},
		{"bad format", "", []string{"--format", "svg", guLi}, 2, "moyo rank: unknown format \"svg\" (valid: text, json, png)"},
		{"lambda out of range", "", []string{"--lambda", "2", guLi}, 2, "moyo rank: symmetric: lambda 2 is outside"},
		{"negative top", "", []string{"--top", "-1", guLi}, 2, "moyo rank: --top -1 is negative"},
		{"numbers overlay", "", []string{"--overlay", "numbers", guLi}, 2, "moyo rank: --overlay numbers would hide the marks"},
		{"unknown flag", "", []string{"--lamda", "0.3", guLi}, 2, "moyo rank: flag provided but not defined: -lamda"},
		{"no file", "", nil, 2, "moyo rank: want one FILE, got 0"},
		{"two files", "", []string{guLi, guLi}, 2, "moyo rank: want one FILE, got 2"},
	})
}

func TestRankHelp(t *testing.T) {
	code, _, stderr := run(t, "", "rank", "-h")
	if code != 0 || !strings.Contains(stderr, "change in the board score for the mover") {
		t.Errorf("exit %d, usage %q", code, stderr)
	}
	if code, out, _ := run(t, "", "help"); code != 0 || !strings.Contains(out, "rank") {
		t.Errorf("help: exit %d, %q", code, out)
	}
}
