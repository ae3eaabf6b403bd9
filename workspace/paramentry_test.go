package workspace

import (
	"strings"
	"testing"
)

// TestEnterParam types values into symmetric's entries: taken, brought
// into the slider's range with a note, or refused with the control's
// name and nothing changed.
func TestEnterParam(t *testing.T) {
	q := newQueue()
	ws := newTest(t, q, nil, nil)
	s := ws.Settings()
	if err := s.SetEstimator("symmetric"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, text string
		want       float64 // the value held after
		note, err  string  // "" for none
	}{
		{"lambda", "0.3", 0.3, "", ""},
		{"lambda", " 0,25 ", 0.25, "", ""},
		{"lambda", "1.5", 1, "1.5 is outside λ's range, 0 to 1: 1 is used", ""},
		{"lambda", "-2", 0, "-2 is outside λ's range, 0 to 1: 0 is used", ""},
		{"lambda", "abc", 0, "", `λ "abc" is not a number`},
		{"lambda", "", 0, "", `λ "" is not a number`},
		{"max-iter", "250", 250, "", ""},
		{"max-iter", "2.5", 250, "", `max iterations "2.5" is not a whole number`},
		{"tol", "1e-6", 1e-6, "", ""},
		{"mode", "alive", 0, "", "symmetric has no numeric parameter mode"},
		{"kappa", "0.5", 0.5, "", ""},
	} {
		note, err := s.EnterParam(tc.name, tc.text)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%s %q: error %v, want %q", tc.name, tc.text, err, tc.err)
			}
			continue
		}
		if err != nil || note != tc.note {
			t.Errorf("%s %q: note %q, error %v; want note %q", tc.name, tc.text, note, err, tc.note)
		}
		if got := s.Params().Num(tc.name); got != tc.want {
			t.Errorf("%s %q: holds %v, want %v", tc.name, tc.text, got, tc.want)
		}
	}
	// κ is not read with stones alive: its entry is refused.
	s.SetChoice("mode", "alive")
	if _, err := s.EnterParam("kappa", "0.6"); err == nil || !strings.Contains(err.Error(), "not read") {
		t.Errorf("κ in mode alive: %v", err)
	}
}
