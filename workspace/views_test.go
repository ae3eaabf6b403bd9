package workspace

import (
	"strings"
	"testing"
	"time"

	"moyo/assets"
	"moyo/board"
	"moyo/lesson"
)

func TestFormats(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{Minus("-1.5"), "−1.5"},
		{ColourName(board.White), "White"},
		{ColourName(board.Black), "Black"},
		{Plural(1, "liberty"), "1 liberty"},
		{Plural(2, "liberty"), "2 liberties"},
		{Plural(0, "move"), "0 moves"},
		{FormatDuration(1234 * time.Microsecond), "1.23 ms"},
		{FormatDuration(12345 * time.Microsecond), "12.3 ms"},
		{FormatDuration(123456 * time.Microsecond), "123 ms"},
		{FormatValue(-0.0), "0.00"},
		{FormatValue(-1), "−1.00"},
		{FormatError(0.004), "0.00"},
		{FormatError(-0.15), "−0.15"},
		{FormatError(0.06), "+0.06"},
		{FormatGain(9.721), "+9.72"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func TestFormatProb(t *testing.T) {
	for p, want := range map[float64]string{1: "100%", 0.3412: "34%", 0.0995: "10%", 0.052: "5.2%", 0.0031: "0.31%", 0.001: "0.10%", 0.0009: "<0.1%", 0: "<0.1%"} {
		if got := FormatProb(p); got != want {
			t.Errorf("FormatProb(%v) = %q, want %q", p, got, want)
		}
	}
}

// TestGameView reads the sample's lines at move 100, then the edited
// position's.
func TestGameView(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, string(assets.Sample()))
	ws.Record().SetMove(assets.SampleMove)
	v, ok := ws.GameView()
	if !ok || v.Editing || v.Banner != "" || v.Warnings != "" {
		t.Fatalf("%+v, %v", v, ok)
	}
	if v.Players != "Black Gu Li P9p  ·  White Master 9p" {
		t.Errorf("players %q", v.Players)
	}
	if v.Details != "2017-01-04 22:33:00 · result W+2.5 · komi 6.5 · 19×19" {
		t.Errorf("details %q", v.Details)
	}
	if !strings.HasPrefix(v.Move, "Move 100 of 235 · W ") || !strings.HasSuffix(v.Move, " · Black to move") {
		t.Errorf("move %q", v.Move)
	}
	if !strings.HasPrefix(v.Position, "captures B ") {
		t.Errorf("position %q", v.Position)
	}
	ws.StartEdit()
	v, ok = ws.GameView()
	if !ok || !v.Editing || v.Move != "Editing — branched from move 100" || v.Players != "" || v.Comment != "" {
		t.Fatalf("editing: %+v", v)
	}
	if !strings.HasPrefix(v.Details, "Black to move · stones B ") || !strings.HasSuffix(v.Details, " · komi 6.5 · 19×19") {
		t.Errorf("editing details %q", v.Details)
	}
	if err := ws.OpenLesson(0); err != nil {
		t.Fatal(err)
	}
	if _, ok := ws.GameView(); ok {
		t.Error("a game view in a lesson")
	}
}

// TestGameViewBrokenRecord names the illegal move and its warnings.
func TestGameViewBrokenRecord(t *testing.T) {
	ws := openWorkspace(t, newQueue(), "(;SZ[9]KM[7];B[ee];W[ee])")
	v, _ := ws.GameView()
	if !strings.Contains(v.Banner, "point is occupied") || !strings.HasSuffix(v.Banner, ": the moves before it can be viewed.") {
		t.Errorf("banner %q", v.Banner)
	}
	if v.Players != "" || v.Details != "komi 7 · 9×9" {
		t.Errorf("players %q, details %q", v.Players, v.Details)
	}
}

// TestLessonView checks the table of lesson 4 against its corridor and
// the run shown.
func TestLessonView(t *testing.T) {
	ws, _ := lessonWorkspace(t, 3)
	l := lessonOf(t, ws)
	v := l.View()
	c := l.Corridor()
	ls, _ := ws.Lessons()
	if v.Title != ls[3].Title || v.Text != ls[3].Text || v.First || v.Last {
		t.Errorf("title %q, first %v, last %v", v.Title, v.First, v.Last)
	}
	if !strings.HasPrefix(v.Info, "Lesson 4 of 21  ·  ") || !strings.Contains(v.Info, "'s walls, ") {
		t.Errorf("info %q", v.Info)
	}
	cmp, ok := l.Comparison()
	if !ok {
		t.Fatal("no comparison")
	}
	for k, p := range c.Points {
		want := [LessonRows]string{string(rune('1' + k)), p.Label(ls[3].Position.Size()), FormatValue(c.Exact[k]), FormatValue(cmp.Estimate[k]), FormatError(cmp.Error[k])}
		for r := range want {
			if v.Cells[r][k] != want[r] {
				t.Errorf("row %q, point %d: %q, want %q", LessonRowNames[r], k+1, v.Cells[r][k], want[r])
			}
		}
		if v.Far[k] != (cmp.Error[k] >= 0.1 || cmp.Error[k] <= -0.1) {
			t.Errorf("point %d far %v with error %v", k+1, v.Far[k], cmp.Error[k])
		}
	}
	if !strings.Contains(v.Total, "estimate "+FormatValue(cmp.Total)+" vs exact "+FormatValue(c.ExactTotal)) {
		t.Errorf("total %q", v.Total)
	}
	for i, s := range lesson.Settings() {
		if err := l.UseSetting(s); err != nil {
			t.Fatal(err)
		}
		if l.Setting() != i {
			t.Errorf("setting %d shown as %d", i, l.Setting())
		}
	}
}

func TestSettingLabels(t *testing.T) {
	got := SettingLabels(lesson.Settings())
	want := []string{"propagate, caps separate", "symmetric, λ = 0", "symmetric, λ = 0.44"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
}
