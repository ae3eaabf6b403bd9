package app

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestMixing draws Stern et al. 2004's Fig. 1 for a middle-game position: both
// samplers' running averages close in on the exact marginals, and the
// table ends with the errors after all the samples.
func TestMixing(t *testing.T) {
	out := filepath.Join(t.TempDir(), "fig1.png")
	stdout := runOK(t, "", "mixing", "--move", "80", "--sweeps", "3000", "--out", out, guLi)
	img := readPNG(t, out)
	if b := img.Bounds(); b.Dx() < 800 || b.Dy() < 300 {
		t.Errorf("figure %v, want two panels side by side", b)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	last := strings.Fields(lines[len(lines)-1])
	// samples, Gibbs rms / largest, SW rms / largest
	if len(last) != 7 || last[0] != "6000" {
		t.Fatalf("last row %q, want the errors after 6000 samples", lines[len(lines)-1])
	}
	for _, k := range []int{1, 4} {
		rms, err := strconv.ParseFloat(last[k], 64)
		if err != nil || !(rms > 0 && rms < 0.1) {
			t.Errorf("rms error %q after 6000 samples: want in (0, 0.1)", last[k])
		}
	}
	first := strings.Fields(lines[2])
	if r, _ := strconv.ParseFloat(first[1], 64); !(r > 0.2) {
		t.Errorf("rms error after %s samples %q: want the start's bias, above 0.2", first[0], first[1])
	}
	if code, _, _ := run(t, "", "mixing", "--move", "80", guLi); code != 2 {
		t.Errorf("without --out: exit %d, want 2", code)
	}
}
