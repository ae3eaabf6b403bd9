package workspace

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"moyo/assets"
	"moyo/estimators"
	"moyo/lesson"
)

func TestFormats(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{Minus("-1.5"), "−1.5"},
		{Plural(1, "liberty"), "1 liberty"},
		{Plural(2, "liberty"), "2 liberties"},
		{Plural(0, "move"), "0 moves"},
		{FormatDuration(1234 * time.Microsecond), "1.23 ms"},
		{FormatDuration(12345 * time.Microsecond), "12.3 ms"},
		{FormatDuration(123456 * time.Microsecond), "123 ms"},
		{FormatValue(math.Copysign(0, -1)), "0.00"},
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
				t.Errorf("row %q, point %d: %q, want %q", LessonRowNames()[r], k+1, v.Cells[r][k], want[r])
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

// TestRankViewAndSummaries ranks the sample's moves at move 100 and reads
// the ranking's list and the sections' summaries.
func TestRankViewAndSummaries(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, string(assets.Sample()))
	ws.Record().SetMove(assets.SampleMove)
	if v := ws.RankView(); v.Title != "Best for Black" || v.List != "" {
		t.Errorf("before ranking: %+v", v)
	}
	ws.Ranking().SetOn(true)
	q.until(t, func() bool { _, ok := ws.Ranking().Shown(); return ok })
	r, _ := ws.Ranking().Shown()
	v := ws.RankView()
	lines := strings.Split(v.List, "\n")
	mv := r.Moves[0]
	if len(lines) != 26 || lines[0] != fmt.Sprintf("A  %-4s %7s  %7s", mv.Label, FormatGain(mv.Gain), FormatProb(mustProbs(t, ws)[0])) {
		t.Errorf("%d lines, first %q", len(lines), lines[0])
	}
	if v.Head != "   move    gain  P(move)" || !strings.HasPrefix(v.Summary, Plural(len(r.Moves), "move")+" in ") ||
		!strings.Contains(v.Summary, "P(move) ∝ exp(") {
		t.Errorf("head %q, summary %q", v.Head, v.Summary)
	}
	s := ws.Summaries()
	o, _ := ws.Runs().Shown()
	if s.Estimator != "symmetric · defaults" || s.Ranking != "A "+mv.Label+" "+FormatGain(mv.Gain) ||
		!strings.HasPrefix(s.Convergence, "estimate "+estimators.FormatEstimate(o.Result.BoardScore(), ws.Komi())+" · "+Plural(o.Result.Iterations, "iteration")) {
		t.Errorf("summaries %+v", s)
	}
	ws.Settings().SetParam("lambda", 0.3)
	if s := ws.Summaries(); s.Estimator != "symmetric · custom" || !strings.HasPrefix(s.Convergence, "running… ") {
		t.Errorf("after a change: %+v", s)
	}
	if ws.Settings().PresetShown() != "" {
		t.Errorf("preset shown %q", ws.Settings().PresetShown())
	}
	ws.Settings().ResetParams()
	if ws.Settings().PresetShown() != DefaultsPreset {
		t.Errorf("preset shown %q", ws.Settings().PresetShown())
	}
	if opts, err := ws.Settings().PresetChoices(); err != nil || opts[0] != DefaultsPreset {
		t.Errorf("presets %q, %v", opts, err)
	}
}

func mustProbs(t *testing.T, ws *Workspace) []float64 {
	t.Helper()
	p, _, ok := ws.MoveProbs()
	if !ok {
		t.Fatal("no P(move)")
	}
	return p
}

func TestDescribeEstimator(t *testing.T) {
	info := estimators.Symmetric{}.Info()
	title, after, url := DescribeEstimator(info)
	if title != info.Title || !strings.HasPrefix(after, "After ") || len(after) < 20 || url != info.Paper.URL {
		t.Errorf("%q, %q, %q", title, after, url)
	}
}

func TestRefChoices(t *testing.T) {
	for _, n := range []int{0, 200, 1234} {
		if got, err := ParseVisits(VisitsLabel(n)); err != nil || got != n {
			t.Errorf("visits %d: %d, %v", n, got, err)
		}
	}
	if _, err := ParseVisits("many"); err == nil {
		t.Error("parsed \"many\"")
	}
	q := newQueue()
	ws := openWorkspace(t, q, string(assets.Sample()))
	ref := ws.Reference()
	ref.SetVisits(300)
	if got := strings.Join(ref.VisitChoices(), "|"); got != "network only|50 visits|100 visits|200 visits|300 visits|500 visits|1000 visits|5000 visits" {
		t.Errorf("choices %q", got)
	}
	if len(RefKindLabels()) != len(RefKinds()) || ref.UsesParams() {
		t.Errorf("%d labels for %d kinds; final outcome uses parameters %v", len(RefKindLabels()), len(RefKinds()), ref.UsesParams())
	}
	if v := ws.RefView(); v.Summary != "final outcome" || !strings.HasPrefix(v.Status, "final outcome") {
		t.Errorf("%+v", v)
	}
}

// TestRaceView follows the pocket race from the first click to its
// analysis, then a lesson's sequence.
func TestRaceView(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, raceRecord(t, "pocket-4-0.sgf"))
	q.until(t, func() bool { return !ws.Runs().Running() })
	if err := ws.StartRace(); err != nil {
		t.Fatal(err)
	}
	r := raceOf(t, ws)
	v := r.View()
	if v.Title != "capturing race — test.sgf, move 0" || v.Lesson || v.Analysed || !strings.HasPrefix(v.Status, "Click a stone of each block") ||
		!slices.Contains(v.Candidates, "Black D6 (1 liberty) v White B4 (3 liberties)") || v.Chosen != "" || v.Summary != "" {
		t.Errorf("on entering: %+v", v)
	}
	r.Tap(bp(t, "B5", 9), false)
	if v := r.View(); v.Status != "Now click a stone of the opposing block." {
		t.Errorf("after a click: %q", v.Status)
	}
	r = pick(t, q, ws, "B4")
	res, _ := r.Result()
	v = r.View()
	if !v.Analysed || v.Status != "" || v.Err || v.Chosen != "Black D6 (1 liberty) v White B4 (3 liberties)" {
		t.Fatalf("analysed: %+v", v)
	}
	if len(v.Rows) != len(res.Regions)+1 || v.Rows[len(v.Rows)-1].Region != -1 || v.Rows[0].Region != 0 ||
		!strings.HasPrefix(v.Rows[len(v.Rows)-1].Line, "sum ") || !strings.HasPrefix(v.Head, "     liberties of  cooled") {
		t.Errorf("rows %+v under %q", v.Rows, v.Head)
	}
	if v.Outcome != res.Verdict[len(res.Verdict)-1]+" Black's move: E7, the small stone on the board." || v.Summary != "cooled "+res.Sum.Cooled+"  ·  black captures" ||
		!strings.HasPrefix(v.Blocks, "Black's block "+res.Black) || !strings.HasPrefix(v.Thermo, "Thermograph of ") {
		t.Errorf("outcome %q, summary %q, blocks %q, thermo %q", v.Outcome, v.Summary, v.Blocks, v.Thermo)
	}

	ls, _ := ws.RaceLessons()
	i := slices.IndexFunc(ls, func(l *lesson.RaceLesson) bool { return l.Name == "02-shared-liberty-last" })
	if err := ws.OpenRaceLesson(i); err != nil {
		t.Fatal(err)
	}
	r = settledRace(t, q, ws)
	r.Step(1)
	r = settledRace(t, q, ws)
	v = r.View()
	if !v.Lesson || v.Title != ls[i].Title || v.Text != ls[i].Text || v.First || !v.Back || !v.Forward || v.Failing ||
		v.Sequence != "1 of 9 moves: B B7" {
		t.Errorf("lesson: %+v", v)
	}
}

// TestClip checks the shortening of long games for the race panel.
func TestClip(t *testing.T) {
	long := strings.Repeat("{1|0}", 40)
	for _, tt := range []struct {
		s    string
		n    int
		want string
	}{
		{"2*", 16, "2*"},
		{"{4|0}", 5, "{4|0}"},
		{"{4|0}", 4, "{4|…"},
		{"↑↑↑↑↑↑", 4, "↑↑↑…"},
		{long, 80, long[:79] + "…"},
	} {
		if got := Clip(tt.s, tt.n); got != tt.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", tt.s, tt.n, got, tt.want)
		}
	}
}
