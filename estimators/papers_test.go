package estimators

import (
	"testing"
)

func TestPaperCite(t *testing.T) {
	for _, tt := range []struct {
		p    Paper
		want string
	}{
		{sternGraepelMacKay("§2–4"), "David H. Stern, Thore Graepel, David J. C. MacKay, “Modelling Uncertainty in the Game of Go”, Advances in Neural Information Processing Systems 17 (NIPS 2004), 2004, §2–4"},
		{Paper{Title: "T", Section: "§1"}, "“T”, §1"},
		{Paper{}, ""},
	} {
		if got := tt.p.Cite(); got != tt.want {
			t.Errorf("Cite = %q, want %q", got, tt.want)
		}
	}
}
