package catalog

import (
	"slices"
	"testing"

	"moyo/estimators"
)

// TestChoiceDocs checks the hints of every estimator's choices: each is
// of a choice the parameter has, and says something; symmetric's mode and
// propagate's cap, which the app explains where they are chosen, have one
// for every choice.
func TestChoiceDocs(t *testing.T) {
	explained := map[string]bool{"symmetric mode": true, "propagate cap": true}
	for _, e := range All() {
		info := e.Info()
		for _, spec := range info.Params {
			for choice, doc := range spec.ChoiceDocs {
				if spec.Kind != estimators.Choice || !slices.Contains(spec.Choices, choice) || doc == "" {
					t.Errorf("%s %s: a hint %q for %q, not one of its choices %v", info.Name, spec.Name, doc, choice, spec.Choices)
				}
			}
			if explained[info.Name+" "+spec.Name] {
				delete(explained, info.Name+" "+spec.Name)
				for _, c := range spec.Choices {
					if spec.ChoiceDocs[c] == "" {
						t.Errorf("%s %s: no hint for %s", info.Name, spec.Name, c)
					}
				}
			}
		}
	}
	for k := range explained {
		t.Errorf("%s: no such parameter", k)
	}
}
