package app

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// e2eSetup builds moyo and returns its path, or skips the test unless
// MOYO_E2E is set and Xvfb and xdotool are installed: these tests start
// the real app on a virtual X server and take seconds.
func e2eSetup(t *testing.T) string {
	t.Helper()
	if os.Getenv("MOYO_E2E") == "" {
		t.Skip("set MOYO_E2E=1 to run the desktop app under Xvfb")
	}
	for _, tool := range []string{"xvfb-run", "xdotool"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	bin := filepath.Join(t.TempDir(), "moyo")
	if out, err := exec.Command("go", "build", "-o", bin, "moyo").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// xvfb runs a shell script on a virtual 1280×800 screen.
func xvfb(t *testing.T, script string, args ...string) string {
	t.Helper()
	// -noreset: the scripts' xdotool connects and leaves while the app
	// starts, and a server that resets when its last client leaves
	// refuses a connection made during the reset (see display.Check): the
	// app then failed to open the display in 2 of 4 runs on a loaded
	// machine.
	cmd := exec.Command("xvfb-run", append([]string{"-a", "-s", "-screen 0 1280x800x24 -noreset", "sh", "-c", script, "sh"}, args...)...)
	cmd.Env = append(os.Environ(), "LANG=en_US.UTF-8")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return string(out)
}

func TestE2EScreenshot(t *testing.T) {
	bin := e2eSetup(t)
	out := filepath.Join(t.TempDir(), "s.png")
	xvfb(t, `"$1" --screenshot "$2" --move 150`, bin, out)
	img := readPNG(t, out)
	b := img.Bounds()
	if b.Dx() < 1000 || b.Dx() > 1280 || b.Dy() < 600 || b.Dy() > 800 {
		t.Errorf("screenshot is %v, want about 1200×760", b)
	}
	// Not blank: the board, its stones and the panels make many colours.
	colours := map[[3]uint32]bool{}
	for y := b.Min.Y; y < b.Max.Y; y += 7 {
		for x := b.Min.X; x < b.Max.X; x += 7 {
			r, g, bl, _ := img.At(x, y).RGBA()
			colours[[3]uint32{r >> 8, g >> 8, bl >> 8}] = true
		}
	}
	if len(colours) < 50 {
		t.Errorf("screenshot has %d colours: blank?", len(colours))
	}
	// The board is square at the left: its wood frame is as wide as high.
	if !square(img) {
		t.Error("the board on the left is not square")
	}
}

// square reports whether the board boardOnScreen finds is over 500
// pixels tall and about as wide as it is tall.
func square(img image.Image) bool {
	_, _, w, h := boardOnScreen(img)
	return h > 500 && w > h-8 && w < h+8
}

func TestE2EWindowTitleAndKeys(t *testing.T) {
	bin := e2eSetup(t)
	script := `"$1" & pid=$!
for i in $(seq 50); do wid=$(xdotool search --name '^moyo' 2>/dev/null | head -1); [ -n "$wid" ] && break; sleep 0.2; done
sleep 1
echo "title1=$(xdotool getwindowname $wid)"
xdotool key --window $wid Right; sleep 0.5
echo "title2=$(xdotool getwindowname $wid)"
xdotool key --window $wid shift+Left; sleep 0.5
echo "title3=$(xdotool getwindowname $wid)"
kill $pid`
	out := xvfb(t, script, bin)
	wantAll(t, "output", out,
		"title1=moyo — Gu Li v Master — move 100",
		"title2=moyo — Gu Li v Master — move 101",
		"title3=moyo — Gu Li v Master — move 91",
	)
}

// xserverSized starts Xvfb on a free display with a screen of size
// ("1024x640") and returns its name.
func xserverSized(t *testing.T, size string) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", size+"x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		t.Fatalf("Xvfb: %v", err)
	}
	w.Close()
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	// Read up to the newline: Xvfb may write the number and the newline
	// separately, and dies ("Cannot write display number") if the pipe
	// is closed between the two.
	line, err := bufio.NewReader(r).ReadString('\n')
	r.Close()
	if err != nil {
		t.Fatalf("Xvfb did not say its display: %v", err)
	}
	display := ":" + strings.TrimSpace(line)
	// Xvfb names its display once it listens, which can be before it
	// accepts clients; wait until one can talk to it.
	ready := poll(10*time.Second, func() bool {
		cmd := exec.Command("xdotool", "getmouselocation")
		cmd.Env = append(os.Environ(), "DISPLAY="+display)
		return cmd.Run() == nil
	})
	if !ready {
		t.Fatalf("Xvfb on %s accepts no clients", display)
	}
	return display
}

// poll calls f every 100 ms until it reports true or d has passed.
func poll(d time.Duration, f func() bool) bool {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		if f() {
			return true
		}
	}
	return f()
}

// changed returns the share of pixels inside r that differ clearly
// between a and b.
func changed(a, b image.Image, r image.Rectangle) float64 {
	n, diff := 0, 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			d := max(absDiff(r1, r2), absDiff(g1, g2), absDiff(b1, b2)) >> 8
			if d > 24 {
				diff++
			}
			n++
		}
	}
	return float64(diff) / float64(max(n, 1))
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

// TestE2EStepAndDrag drives the real app as a user would: five presses of
// →, then a drag of the λ slider, checking after each action from the
// screen's pixels that the board changed and from the title and the move
// counter's pixels that the move advanced; after the drag, → must still
// step (the slider must not keep the arrow keys).
func TestE2EStepAndDrag(t *testing.T) {
	bin := e2eSetup(t)
	a := startE2E(t, bin, "--move", "100", guLi)
	x, shot, wid, geom := a.x, a.shot, a.wid, a.geom
	boardRect, moveRect, lambda := geom["board"], geom["move"], geom["lambda"]
	if boardRect.Dx() < 500 || moveRect.Empty() || lambda.Empty() {
		t.Fatalf("geometry %v", geom)
	}
	titleIs := func(move int) bool {
		return poll(10*time.Second, func() bool {
			return strings.HasSuffix(x("getwindowname", wid), fmt.Sprintf("— move %d", move))
		})
	}
	if !titleIs(100) {
		t.Fatalf("title %q, want move 100", x("getwindowname", wid))
	}

	prev := shot()
	for move := 101; move <= 105; move++ {
		x("key", "--window", wid, "Right")
		if !titleIs(move) {
			t.Fatalf("after → the title is %q, want move %d", x("getwindowname", wid), move)
		}
		time.Sleep(500 * time.Millisecond) // the overlay of the new move
		cur := shot()
		if c := changed(prev, cur, boardRect); c < 0.005 {
			t.Errorf("move %d: only %.2f%% of the board changed", move, 100*c)
		}
		if c := changed(prev, cur, moveRect); c == 0 {
			t.Errorf("move %d: the move counter did not change on screen", move)
		}
		prev = cur
	}

	// Drag λ from its default 0.44 to about 0.1.
	y := strconv.Itoa((lambda.Min.Y + lambda.Max.Y) / 2)
	from := strconv.Itoa(lambda.Min.X + lambda.Dx()*44/100)
	to := strconv.Itoa(lambda.Min.X + lambda.Dx()*10/100)
	x("mousemove", from, y, "mousedown", "1", "sleep", "0.1",
		"mousemove", strconv.Itoa(lambda.Min.X+lambda.Dx()*30/100), y, "sleep", "0.1",
		"mousemove", to, y, "sleep", "0.1", "mouseup", "1")
	time.Sleep(time.Second)
	cur := shot()
	if c := changed(prev, cur, boardRect); c < 0.01 {
		t.Errorf("dragging λ changed only %.2f%% of the board", 100*c)
	}
	if !titleIs(105) {
		t.Errorf("dragging λ moved the game: %q", x("getwindowname", wid))
	}
	x("key", "--window", wid, "Right")
	if !titleIs(106) {
		t.Errorf("after the drag → no longer steps: %q", x("getwindowname", wid))
	}
}

// e2eApp is the real app running on a virtual X server of its own.
type e2eApp struct {
	// x runs xdotool and returns its output.
	x func(args ...string) string
	// shot captures the screen.
	shot func() image.Image
	wid  string // the window's id
	// geom is ui.App.Geometry, written once the first estimate is shown;
	// regeom waits for the app to write it again, after a run that
	// follows a change of the layout, and reads it.
	geom   map[string]image.Rectangle
	regeom func() map[string]image.Rectangle
}

// startE2E starts the app built at bin with args on a new Xvfb and waits
// for its first estimate and its window. It skips the test without Xvfb
// or ImageMagick's import.
func startE2E(t *testing.T, bin string, args ...string) *e2eApp {
	t.Helper()
	return startE2ESized(t, bin, "1280x800", args...)
}

// startE2ESized is startE2E on a screen of size ("1024x640").
func startE2ESized(t *testing.T, bin, size string, args ...string) *e2eApp {
	t.Helper()
	for _, tool := range []string{"Xvfb", "import"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	display := xserverSized(t, size)
	x := func(args ...string) string {
		cmd := exec.Command("xdotool", args...)
		cmd.Env = append(os.Environ(), "DISPLAY="+display)
		out, _ := cmd.Output()
		return strings.TrimSpace(string(out))
	}
	shot := func() image.Image {
		cmd := exec.Command("import", "-window", "root", "png:-")
		cmd.Env = append(os.Environ(), "DISPLAY="+display)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("import: %v", err)
		}
		img, err := png.Decode(bytes.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		return img
	}

	geomFile := filepath.Join(t.TempDir(), "geometry.json")
	app := exec.Command(bin, args...)
	app.Env = append(os.Environ(), "DISPLAY="+display, "MOYO_GEOMETRY="+geomFile, "HOME="+t.TempDir())
	var stderr bytes.Buffer
	app.Stderr = &stderr
	if err := app.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { app.Process.Kill(); app.Wait() })

	var geom map[string]image.Rectangle
	var geomTime time.Time
	readGeom := func() bool {
		st, err := os.Stat(geomFile)
		if err != nil || !st.ModTime().After(geomTime) {
			return false
		}
		b, err := os.ReadFile(geomFile)
		var g map[string]image.Rectangle
		if err != nil || json.Unmarshal(b, &g) != nil {
			return false
		}
		geom, geomTime = g, st.ModTime()
		return true
	}
	if !poll(60*time.Second, readGeom) {
		t.Fatalf("the app never showed its first estimate; stderr:\n%s", stderr.String())
	}
	regeom := func() map[string]image.Rectangle {
		if !poll(20*time.Second, readGeom) {
			t.Fatalf("the app did not write its geometry again; stderr:\n%s", stderr.String())
		}
		return geom
	}
	var wid string
	poll(10*time.Second, func() bool {
		wid, _, _ = strings.Cut(x("search", "--name", "^moyo"), "\n")
		return wid != ""
	})
	if wid == "" {
		t.Fatal("no moyo window")
	}
	return &e2eApp{x: x, shot: shot, wid: wid, geom: geom, regeom: regeom}
}

// TestE2ERankingAndLessons presses R and checks from the screen that the
// ranking's letters and crosses come onto the board and go again with a
// second R; then opens the lessons with L, steps to the next with → and
// goes back to the record with L, checking the window's title.
func TestE2ERankingAndLessons(t *testing.T) {
	bin := e2eSetup(t)
	a := startE2E(t, bin, "--move", "100", guLi)
	boardRect := a.geom["board"]
	if boardRect.Dx() < 500 {
		t.Fatalf("geometry %v", a.geom)
	}
	titleHas := func(s string) bool {
		return poll(10*time.Second, func() bool { return strings.Contains(a.x("getwindowname", a.wid), s) })
	}
	if !titleHas("— move 100") {
		t.Fatalf("title %q, want move 100", a.x("getwindowname", a.wid))
	}
	time.Sleep(500 * time.Millisecond)
	before := a.shot()

	// 52 marks on a 19×19 board: a few percent of its pixels.
	a.x("key", "--window", a.wid, "r")
	var c float64
	if !poll(10*time.Second, func() bool { c = changed(before, a.shot(), boardRect); return c > 0.005 }) {
		t.Errorf("R: only %.2f%% of the board changed; no ranking on screen?", 100*c)
	}
	a.x("key", "--window", a.wid, "r")
	if !poll(10*time.Second, func() bool { c = changed(before, a.shot(), boardRect); return c < 0.001 }) {
		t.Errorf("a second R left %.2f%% of the board changed; the marks stay?", 100*c)
	}

	for _, step := range []struct{ key, title string }{
		{"l", "— lesson 1 of 21 — Open at one end: two points"},
		{"Right", "— lesson 2 of 21 — Open at one end: three points"},
		{"l", "— Gu Li v Master — move 100"},
		// The capturing-race view, and back.
		{"c", "— capturing race — Gu Li v Master, move 100"},
		{"c", "— Gu Li v Master — move 100"},
	} {
		a.x("key", "--window", a.wid, step.key)
		if !titleHas(step.title) {
			t.Errorf("after %s the title is %q, want it to hold %q", step.key, a.x("getwindowname", a.wid), step.title)
		}
	}
}

// TestE2ELayoutSizes starts the app on a small laptop's 1024×640 screen
// and on a 1920×1080 one and checks from the screen's pixels that the
// window fits the screen, that the board is the largest thing in it
// (square, as high as the window allows or as wide as the side panel
// leaves, and wider than the panel) and that the convergence plot spans
// its column. At 1024×640 the plot starts below the fold: a click on the
// Estimator's title bar closes that section and brings it up. At
// 1920×1080, the R, R: the plot spans its column after the
// ranking's list has come and gone.
func TestE2ELayoutSizes(t *testing.T) {
	bin := e2eSetup(t)
	for _, size := range []string{"1024x640", "1920x1080"} {
		t.Run(size, func(t *testing.T) {
			var sw, sh int
			fmt.Sscanf(size, "%dx%d", &sw, &sh)
			a := startE2ESized(t, bin, size, "--size", size, "--move", "100", guLi)
			if g := a.x("getwindowgeometry", a.wid); !strings.Contains(g, "Geometry: "+size) {
				t.Errorf("the window is not %s: %s", size, g)
			}
			img := a.shot()
			bx, by, bw, bh := boardOnScreen(img)
			if bw < bh-8 || bw > bh+8 {
				t.Errorf("the board on screen is %d×%d at (%d, %d): not square", bw, bh, bx, by)
			}
			panel := sw - (bx + bw)
			// The menu and the bottom bar take under 100 pixels of the
			// height; the side panel's least width is 430.
			if bw <= panel || bw < min(sh-100, sw-470) {
				t.Errorf("the board is %d wide beside a panel of %d on %s: not the largest thing", bw, panel, size)
			}

			click := func(r image.Rectangle) {
				c := r.Min.Add(r.Max).Div(2)
				a.x("mousemove", strconv.Itoa(c.X), strconv.Itoa(c.Y), "click", "1")
			}
			// A step makes the app write its geometry again.
			step := func() map[string]image.Rectangle {
				a.x("key", "--window", a.wid, "Right")
				return a.regeom()
			}
			g := a.geom
			// The sections above the plot fold away, one after the
			// other, until it is in view.
			for _, name := range []string{"estimator", "graph"} {
				if col, plot := g["column"], g["plot"]; plot.Min.Y >= col.Min.Y && plot.Max.Y <= col.Max.Y {
					break
				}
				sec, ok := g["section."+name]
				if !ok {
					t.Fatalf("the plot is out of view and there is no %s section: %v", name, g)
				}
				click(sec)
				g = step()
			}
			if size == "1920x1080" {
				a.x("key", "--window", a.wid, "r")
				time.Sleep(2 * time.Second)
				a.x("key", "--window", a.wid, "r")
				g = step()
			}
			time.Sleep(500 * time.Millisecond)
			t.Logf("board %d×%d, panel %d wide, plot %v in column %v", bw, bh, panel, g["plot"], g["column"])
			plotSpans(t, a.shot(), g["column"], g["plot"])
		})
	}
}

// boardOnScreen finds the board's wood on the screen: the run of
// wood-coloured pixels across the screen's middle row from its left, and
// up and down its left column.
func boardOnScreen(img image.Image) (x, y, w, h int) {
	b := img.Bounds()
	wood := func(x, y int) bool {
		r, g, bl, _ := img.At(x, y).RGBA()
		return r>>8 > 170 && g>>8 > 130 && bl>>8 < 150 && r > bl
	}
	y0 := b.Min.Y + b.Dy()/2
	x0 := b.Min.X
	for x0 < b.Max.X && !wood(x0, y0) {
		x0++
	}
	top, bottom := y0, y0
	for top > b.Min.Y && wood(x0, top-1) {
		top--
	}
	for bottom < b.Max.Y-1 && wood(x0, bottom+1) {
		bottom++
	}
	right := x0
	for right < b.Max.X-1 && wood(right+1, top) {
		right++
	}
	return x0, top, right - x0 + 1, bottom - top + 1
}

// plotSpans checks that the plot lies in its column's view, spans its
// width, and that its curve is drawn across it: the primary colour in its
// left third and in its right tenth.
func plotSpans(t *testing.T, img image.Image, col, plot image.Rectangle) {
	t.Helper()
	if plot.Min.Y < col.Min.Y || plot.Max.Y > col.Max.Y || plot.Dy() < 60 {
		t.Fatalf("the plot %v is not in view in its column %v", plot, col)
	}
	if plot.Dx() < col.Dx()-8 {
		t.Errorf("the plot is %d wide in a column of %d", plot.Dx(), col.Dx())
	}
	blue := func(r image.Rectangle) int {
		n := 0
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				cr, cg, cb, _ := img.At(x, y).RGBA()
				if cb>>8 > cr>>8+60 && cb>>8 > cg>>8+20 {
					n++
				}
			}
		}
		return n
	}
	w := plot.Dx()
	left := image.Rect(plot.Min.X+w/8, plot.Min.Y, plot.Min.X+w/3, plot.Max.Y)
	right := image.Rect(plot.Max.X-w/10, plot.Min.Y, plot.Max.X, plot.Max.Y)
	if nl, nr := blue(left), blue(right); nl < 10 || nr < 10 {
		t.Errorf("the curve is not drawn across the plot %v: %d pixels in its left third, %d in its right tenth", plot, nl, nr)
	}
}
