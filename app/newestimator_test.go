package app

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"moyo/board"
	"moyo/estimators"
	"moyo/estimators/catalog"
	"moyo/internal/testutil"
	"moyo/preset"
	"moyo/ui"
	"moyo/workspace"
)

// tilted is an estimator that exists only in this file, as a newcomer's
// new estimator would at first: its parameters are declared in its Info
// and read in its Estimate, and nothing else in moyo names them. The tests
// below show that the command line's flags, the app's controls and the
// presets follow from that alone.
//
// Every stone counts ±1 for its colour, and every empty point is tilted
// towards one side: +tilt towards Black, −tilt towards White.
type tilted struct{}

func (tilted) Info() estimators.Info {
	return estimators.Info{
		Name:   "tilted",
		Title:  "Every empty point tilted towards one side",
		Source: "app/newestimator_test.go",
		Params: []estimators.ParamSpec{
			{Name: "tilt", Label: "tilt", Doc: "the value of an empty point", Min: -1, Max: 1, Default: estimators.Num(0.25)},
			{Name: "toward", Doc: "the side the empty points lean to", Kind: estimators.Choice,
				Choices: []string{"black", "white"}, Default: estimators.Text("black")},
		},
	}
}

func (t tilted) Check(p estimators.Params) error {
	in := t.Info()
	p = in.Complete(p)
	if err := in.CheckKinds(p); err != nil {
		return err
	}
	if v := p.Num("tilt"); !(v >= -1 && v <= 1) {
		return fmt.Errorf("tilted: tilt %v is outside [−1, 1]", v)
	}
	return nil
}

func (t tilted) Estimate(ctx context.Context, pos *board.Position, p estimators.Params) (estimators.Result, error) {
	p = t.Info().Complete(p)
	if err := t.Check(p); err != nil {
		return estimators.Result{}, err
	}
	v := p.Num("tilt")
	if p.Text("toward") == "white" {
		v = -v
	}
	res := estimators.Result{Size: pos.Size(), Values: make([]float64, pos.Len()), Iterations: 1, Converged: true}
	for i := range res.Values {
		switch pos.Cell(i) {
		case board.Black:
			res.Values[i] = 1
		case board.White:
			res.Values[i] = -1
		default:
			res.Values[i] = v
		}
	}
	return res, ctx.Err()
}

// withTilted offers the test's estimator first, then moyo's own.
func withTilted() []estimators.Estimator {
	return append([]estimators.Estimator{tilted{}}, catalog.All()...)
}

// threeStones is a 5×5 record: 22 empty points and a stone more for Black.
const threeStones = "(;GM[1]SZ[5]KM[0.5];B[cc];W[dd];B[bb])"

// TestNewEstimatorFlags runs 'moyo analyze' with the test's estimator:
// its parameters are flags, listed in the usage with their help and
// defaults, read from the command line and checked against their specs.
func TestNewEstimatorFlags(t *testing.T) {
	run := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		env := Env{Stdin: strings.NewReader(threeStones), Stdout: &out, Stderr: &errb, Estimators: withTilted()}
		return Main(env, args), out.String(), errb.String()
	}

	_, _, usage := run("analyze", "-h")
	if want := "estimator: tilted|propagate"; !strings.Contains(usage, want) {
		t.Errorf("usage lacks %q:\n%s", want, usage)
	}
	_, list, _ := run("params", "tilted")
	wantAll(t, "moyo params tilted", list, "tilt    float   0.25     -1 … 1       the value of an empty point", "toward  choice  black    black|white  the side the empty points lean to")

	for _, tt := range []struct {
		args   []string
		params map[string]any
		empty  float64 // the value of an empty point
	}{
		{nil, map[string]any{"tilt": 0.25, "toward": "black"}, 0.25},
		{[]string{"--tilt", "0.5"}, map[string]any{"tilt": 0.5, "toward": "black"}, 0.5},
		{[]string{"--tilt", "0.5", "--toward", "white"}, map[string]any{"tilt": 0.5, "toward": "white"}, -0.5},
		{[]string{"--param", "tilt=0.5", "--param", "toward=white"}, map[string]any{"tilt": 0.5, "toward": "white"}, -0.5},
	} {
		args := append([]string{"analyze", "--estimator", "tilted", "--format", "json"}, tt.args...)
		code, out, stderr := run(append(args, "-")...)
		if code != 0 {
			t.Fatalf("%q: exit %d: %s", tt.args, code, stderr)
		}
		var r jsonReport
		decodeJSON(t, out, &r)
		if r.Estimator != "tilted" || fmt.Sprint(r.Params) != fmt.Sprint(tt.params) {
			t.Errorf("%q: %s with %v, want tilted with %v", tt.args, r.Estimator, r.Params, tt.params)
		}
		// Two black stones, one white, 22 empty points.
		if want := 1 + 22*tt.empty; r.Values[0][0] != tt.empty || r.Values[2][2] != 1 || math.Abs(r.BoardScore-want) > 1e-9 {
			t.Errorf("%q: corner %v, C3 %v, board score %v; want %v, 1, %v", tt.args, r.Values[0][0], r.Values[2][2], r.BoardScore, tt.empty, want)
		}
	}

	for _, tt := range []struct{ args []string }{
		{[]string{"--tilt", "2"}},
		{[]string{"--toward", "sideways"}},
		{[]string{"--tilt", "steep"}},
	} {
		code, _, stderr := run(append(append([]string{"analyze", "--estimator", "tilted"}, tt.args...), "-")...)
		if code == 0 || !strings.Contains(stderr, strings.TrimPrefix(tt.args[0], "--")) {
			t.Errorf("%q: exit %d, %q; want an error naming the parameter", tt.args, code, stderr)
		}
	}
}

// TestNewEstimatorInApp builds the app's window as ui.Run does, on the
// estimators of an Env with the test's estimator, and checks that the chooser
// offers it with a control for each of its parameters; moving the tilt
// slider runs it with the tilt the slider shows. A preset of it saved and
// loaded by package preset round-trips, and the app applies it.
func TestNewEstimatorInApp(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("MOYO_PRESETS", dir)
	a := test.NewApp()
	t.Cleanup(a.Quit)
	w := test.NewWindow(nil)
	t.Cleanup(w.Close)
	q := testutil.NewQueue()
	ws := workspace.New(q.Post, nil, Env{Estimators: withTilted()}.estimators())
	u := ui.New(a, w, ws)
	t.Cleanup(ws.Close)
	ws.Final().SetScorer(nil)
	w.Resize(ui.DefaultWindowSize())
	if err := ws.Open("three.sgf", []byte(threeStones)); err != nil {
		t.Fatal(err)
	}
	s := ws.Settings()
	if err := s.SetEstimator("tilted"); err != nil {
		t.Fatal(err)
	}
	idle := func() bool { return !ws.Runs().Running() }
	q.Until(t, idle)
	empty := func() float64 { o, _ := ws.Runs().Shown(); return o.Result.Values[0] }
	if empty() != 0.25 {
		t.Errorf("the first run gives an empty point %v, want the default tilt 0.25", empty())
	}

	// A control for each parameter, enabled for tilted.
	geom := u.Geometry()
	for _, name := range []string{"tilt", "toward"} {
		if geom[name].Empty() || !s.Uses(name) {
			t.Errorf("control %s at %v, used %v", name, geom[name], s.Uses(name))
		}
	}
	// A click at the right end of the tilt slider sets its maximum.
	r := geom["tilt"]
	test.TapCanvas(w.Canvas(), fyne.NewPos(float32(r.Max.X-1), float32(r.Min.Y+r.Dy()/2)))
	q.Until(t, idle)
	if s.Params().Num("tilt") != 1 || empty() != 1 {
		t.Errorf("after the click: tilt %v, empty point %v; want 1", s.Params().Num("tilt"), empty())
	}

	// A preset: saved and loaded by package preset, applied by the app.
	steep := preset.Preset{Name: "steep", Estimator: "tilted", Params: tilted{}.Info().Defaults().WithNum("tilt", -0.5).WithText("toward", "white")}
	if err := preset.Save(dir, steep, s.Estimators()); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "steep"+preset.Ext))
	if err != nil || !strings.Contains(string(data), `"tilt": -0.5`) || !strings.Contains(string(data), `"toward": "white"`) {
		t.Errorf("the preset file: %v\n%s", err, data)
	}
	back, err := preset.Load(dir, "steep", s.Estimators())
	if err != nil || back.Estimator != "tilted" || !back.Params.Equal(steep.Params) {
		t.Fatalf("loaded %+v, %v; want %+v", back, err, steep)
	}
	ps, err := s.Presets()
	if err != nil || len(ps) != 1 || ps[0].Name != "steep" {
		t.Fatalf("the app offers %+v, %v", ps, err)
	}
	if err := s.ApplyPreset("steep"); err != nil {
		t.Fatal(err)
	}
	q.Until(t, idle)
	if !s.Params().Equal(steep.Params) || s.Preset() != "steep" || empty() != 0.5 {
		t.Errorf("after the preset: %v (preset %q), empty point %v; want %v, 0.5", s.Params(), s.Preset(), empty(), steep.Params)
	}
}
