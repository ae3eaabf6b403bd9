package estimators

import (
	"testing"
)

func TestPaperCite(t *testing.T) {
	for _, tt := range []struct {
		p    Paper
		want string
	}{
		{wolfSEDS("§IV"), "Thomas Wolf, “A Dynamical Systems Approach for Static Evaluation in Go”, ZIB-Report 10-15, Zuse Institute Berlin, 2010, §IV"},
		{Paper{Title: "T", Section: "§1"}, "“T”, §1"},
		{Paper{}, ""},
	} {
		if got := tt.p.Cite(); got != tt.want {
			t.Errorf("Cite = %q, want %q", got, tt.want)
		}
	}
}
