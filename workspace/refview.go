package workspace

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"moyo/engines"
	"moyo/estimators"
	"moyo/reference"
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
	// KataGo is KataGo's own judgement of the position shown, with the
	// KataGo reference: its score lead and win rate, from its search and
	// from its raw network, and what its ownership sums to, named as the
	// estimate it is, a line each: "lead W+3.1, White wins 61.8% (200
	// visits)\nnetwork only: lead W+2.8, White wins 60.2%\nestimate
	// W+13.6 (sum of KataGo's ownership)". "" otherwise.
	KataGo string
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
	if m, ok := ref.Shown(); ok && ref.Current() && m.Kata != nil {
		v.KataGo = KataGoLine(*m.Kata) + "\n" + estimators.EstimateLine(estimators.Result{Values: m.Values}.BoardScore(), ws.Komi(), engines.KataGoSum, "")
	}
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

// KataGoLine words KataGo's own judgement of a position, as its search
// and its raw network give it (engines.Judgements), a line each:
// "lead W+3.1, White wins 61.8% (200 visits)\nnetwork only: lead W+2.8,
// White wins 60.2%".
func KataGoLine(m reference.Map) string {
	last := engines.Analysis{ScoreLead: m.ScoreLead, Winrate: m.Winrate, Visits: m.Visits}
	return strings.Join(engines.Judgements(last, m.Network), "\n")
}
