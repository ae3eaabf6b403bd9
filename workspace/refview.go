package workspace

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// RefKindLabels returns the names of the kinds of reference for the
// reference's chooser, in the order of RefKinds.
func RefKindLabels() []string { return []string{"Final outcome", "KataGo", "GNU Go", "Estimator"} }

// visitChoices are the visits offered for KataGo's search.
var visitChoices = []int{0, 50, 100, 200, 500, 1000, 5000}

// VisitsLabel names a number of visits as the visits chooser lists it:
// "network only", "200 visits".
func VisitsLabel(n int) string {
	if n == 0 {
		return "network only"
	}
	return strconv.Itoa(n) + " visits"
}

// ParseVisits reads a label of VisitsLabel.
func ParseVisits(label string) (int, error) {
	if label == VisitsLabel(0) {
		return 0, nil
	}
	n, err := strconv.Atoi(strings.TrimSuffix(label, " visits"))
	if err != nil {
		return 0, fmt.Errorf("visits %q: %w", label, err)
	}
	return n, nil
}

// VisitChoices lists the visits for KataGo's search the chooser offers,
// with the visits set among them.
func (r *Reference) VisitChoices() []string {
	visits := slices.Clone(visitChoices)
	if !slices.Contains(visits, r.visits) {
		visits = append(visits, r.visits)
		slices.Sort(visits)
	}
	var labels []string
	for _, n := range visits {
		labels = append(labels, VisitsLabel(n))
	}
	return labels
}

// EstimatorNames names the estimators a reference can be, for the chooser.
func (r *Reference) EstimatorNames() []string { return names(r.Estimators()) }

// UsesParams reports whether the reference reads its settings' parameters:
// an estimator's, or GNU Go's.
func (r *Reference) UsesParams() bool { return r.kind == RefEstimator || r.kind == RefGnuGo }

// RefView is what the reference section says besides its choosers.
type RefView struct {
	// Status is where the reference's map stands (Reference.Status).
	Status string
	// Measures compares the estimate with the map (RefSummary), or says
	// it waits for the estimate.
	Measures string
	// Summary is the line the section's title bar shows while closed:
	// the reference and the estimate's MAE and correlation against it.
	Summary string
}

// RefView describes the reference and the estimate against it.
func (ws *Workspace) RefView() RefView {
	ref := ws.ref
	v := RefView{Status: ref.Status(), Measures: ws.RefSummary(), Summary: ref.Name()}
	if v.Measures == "" && ref.Current() {
		v.Measures = "measures: waiting for the estimate…"
	}
	if m, ok := ws.RefMeasures(); ok {
		v.Summary += fmt.Sprintf(" · MAE %.3f", m.MAE)
		if m.Correlation == m.Correlation { // not NaN
			v.Summary += fmt.Sprintf(" · r %.2f", m.Correlation)
		}
	}
	return v
}
