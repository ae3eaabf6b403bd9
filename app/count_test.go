package app

import (
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"moyo/internal/testenv"
	"moyo/render"
)

// settledNine is issue 33's settled 9×9: a Black wall on column E, a White
// wall on column F, komi 7. By area 45–36, by territory 36–27: B+2 both
// ways.
const settledNine = "(;GM[1]FF[4]SZ[9]KM[7]AB[ea][eb][ec][ed][ee][ef][eg][eh][ei]AW[fa][fb][fc][fd][fe][ff][fg][fh][fi])"

func TestCountSettledNine(t *testing.T) {
	for _, tc := range []struct {
		rules        string
		black, white float64
	}{{"area", 45, 36}, {"territory", 36, 27}} {
		code, out, errs := run(t, settledNine, "count", "--rules", tc.rules, "--format", "json", "-")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", tc.rules, code, errs)
		}
		var rep struct {
			Result       string
			Black, White float64
			Dead         []string
			Rules        string
		}
		decodeJSON(t, out, &rep)
		if rep.Result != "B+2" || rep.Black != tc.black || rep.White != tc.white || len(rep.Dead) != 0 || rep.Rules != tc.rules {
			t.Errorf("%s: %+v, want B+2, %g–%g, no dead stones", tc.rules, rep, tc.black, tc.white)
		}
		code, out, _ = run(t, settledNine, "count", "--rules", tc.rules, "-")
		if code != 0 || !strings.Contains(out, "result:    B+2 (count by "+tc.rules+")") {
			t.Errorf("%s: text output:\n%s", tc.rules, out)
		}
	}
}

// TestCountRecordRules counts by the rules the record names (RU), unless
// --rules says otherwise.
func TestCountRecordRules(t *testing.T) {
	japanese := strings.Replace(settledNine, "KM[7]", "KM[7]RU[Japanese]", 1)
	for _, tc := range []struct {
		args []string
		want string
	}{{nil, "territory"}, {[]string{"--rules", "area"}, "area"}} {
		code, out, errs := run(t, japanese, append(append([]string{"count", "--format", "json"}, tc.args...), "-")...)
		var rep struct{ Rules string }
		if err := json.Unmarshal([]byte(out), &rep); code != 0 || err != nil || rep.Rules != tc.want {
			t.Errorf("%v: exit %d, rules %q (%v %s); want %s", tc.args, code, rep.Rules, err, errs, tc.want)
		}
	}
}

// TestCountSample counts the end of AlphaGo Master v Gu Li (W+2.5, komi
// 6.5): by territory moyo's marking gives the record's result.
func TestCountSample(t *testing.T) {
	file := filepath.Join("..", "testdata", "records", "60-2017.01.04-Master-Gu_Li.sgf")
	code, out, errs := run(t, "", "count", "--rules", "territory", "--format", "json", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep struct {
		Result       string
		RecordResult string `json:"record_result"`
		Dead         []string
	}
	decodeJSON(t, out, &rep)
	if rep.Result != "W+2.5" || rep.RecordResult != "W+2.5" {
		t.Errorf("result %s, record %s; want W+2.5 both (dead %v)", rep.Result, rep.RecordResult, rep.Dead)
	}
	// The caption's four lines, each broken to the picture's width: at
	// 200 pixels they take more lines than four.
	for _, px := range []int{760, 200} {
		png1 := filepath.Join(t.TempDir(), "count.png")
		if code, _, errs := run(t, "", "count", "--format", "png", "--pixels", strconv.Itoa(px), "--out", png1, file); code != 0 {
			t.Fatalf("png %d: exit %d: %s", px, code, errs)
		}
		b := readPNG(t, png1).Bounds()
		if b.Dx() != px || b.Dy()-px < render.CaptionHeight(px, 4) {
			t.Errorf("image %v, want %d wide with a caption of four lines or more below", b, px)
		}
		if px == 200 && b.Dy()-px <= render.CaptionHeight(px, 4) {
			t.Errorf("image %v: caption of four lines, want them broken to the width", b)
		}
	}
}

func TestCountErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"count", "--rules", "ing", "-"}, 2, `unknown rules "ing"`},
		{[]string{"count", "--dead", "me", "-"}, 2, `unknown dead-stone judgement "me"`},
		{[]string{"count", "--format", "gif", "-"}, 2, `unknown format "gif"`},
		{[]string{"count"}, 2, "want one FILE"},
		{[]string{"count", "--move", "5", "-"}, 1, "outside the record"},
		{[]string{"count", "--dead", "gnugo", "--gnugo", "/nonexistent/gnugo", "-"}, 1, "not found at /nonexistent/gnugo"},
	} {
		code, _, errs := run(t, settledNine, tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.want) || strings.Contains(errs, "goroutine") {
			t.Errorf("%v: exit %d, %q; want exit %d and %q", tc.args, code, errs, tc.code, tc.want)
		}
	}
}

// TestCountEngines judges the dead stones at the end of AlphaGo Master v
// Gu Li by GNU Go and by KataGo: both mark the six stones moyo marks, and
// the territory count is the record's W+2.5.
func TestCountEngines(t *testing.T) {
	file := filepath.Join("..", "testdata", "records", "60-2017.01.04-Master-Gu_Li.sgf")
	want := []string{"R18", "P13", "E7", "M7", "M6", "K5"}
	check := func(t *testing.T, args ...string) {
		t.Helper()
		code, out, errs := run(t, "", append(append([]string{"count", "--rules", "territory", "--format", "json"}, args...), file)...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var rep struct {
			Result string
			Dead   []string
		}
		decodeJSON(t, out, &rep)
		if rep.Result != "W+2.5" || !slices.Equal(rep.Dead, want) {
			t.Errorf("%v: %s, dead %v; want W+2.5, %v", args, rep.Result, rep.Dead, want)
		}
	}
	t.Run("gnugo", func(t *testing.T) {
		check(t, "--dead", "gnugo", "--gnugo", testenv.GnuGo(t))
	})
	t.Run("katago", func(t *testing.T) {
		k := testenv.KataGo(t)
		check(t, "--dead", "katago", "--katago", k.Program, "--katago-config", k.GTPConfig, "--katago-model", k.Model)
	})
}

// TestE2ECount starts the app in the count mode on the end of Master v Gu
// Li under Xvfb, at both sizes the docs show it at, and checks that a
// picture of the window is written once the dead stones are judged.
func TestE2ECount(t *testing.T) {
	bin := e2eSetup(t)
	file, err := filepath.Abs(filepath.Join("..", "testdata", "records", "60-2017.01.04-Master-Gu_Li.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range []string{"1400x900", "1024x640"} {
		out := filepath.Join(t.TempDir(), size+".png")
		xvfb(t, `"$1" --count --screenshot "$2" --size "$3" "$4"`, bin, out, size, file)
		f, err := os.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() < 900 || b.Dy() < 560 {
			t.Errorf("%s: screenshot is %v", size, b)
		}
	}
}
