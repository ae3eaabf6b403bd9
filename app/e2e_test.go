package app

import (
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
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
	cmd := exec.Command("xvfb-run", append([]string{"-a", "-s", "-screen 0 1280x800x24", "sh", "-c", script, "sh"}, args...)...)
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
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
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

// square reports whether the first row's and first column's runs of
// board-coloured pixels from the top-left corner of the board have about
// the same length.
func square(img image.Image) bool {
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
	top := y0
	for top > b.Min.Y && wood(x0, top-1) {
		top--
	}
	bottom := y0
	for bottom < b.Max.Y-1 && wood(x0, bottom+1) {
		bottom++
	}
	right := x0
	for right < b.Max.X-1 && wood(right+1, top) {
		right++
	}
	w, h := right-x0+1, bottom-top+1
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
	for _, want := range []string{
		"title1=moyo — Gu Li v Master — move 100",
		"title2=moyo — Gu Li v Master — move 101",
		"title3=moyo — Gu Li v Master — move 91",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
