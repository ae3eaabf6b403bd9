package catalog

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"moyo/estimators"
	"moyo/internal/testpos"
)

// TestByName: every estimator is found by its name, names are unique, and
// an unknown name is an error listing them.
func TestByName(t *testing.T) {
	names := Names()
	for _, e := range All() {
		name := e.Info().Name
		if got, err := ByName(name); err != nil || got.Info().Name != name {
			t.Errorf("ByName(%q) = %v, %v", name, got, err)
		}
	}
	if len(slices.Compact(slices.Sorted(slices.Values(names)))) != len(names) {
		t.Errorf("names %v are not unique", names)
	}
	if _, err := ByName("nope"); err == nil || !strings.Contains(err.Error(), strings.Join(names, ", ")) {
		t.Errorf("ByName(nope): %v", err)
	}
}

// TestEveryEstimatorCitesAPaper checks that the app has a reference to
// show for each estimator, in words a user can follow: no seed numbers,
// which only the docs use.
func TestEveryEstimatorCitesAPaper(t *testing.T) {
	for _, e := range All() {
		in := e.Info()
		c := in.Paper.Cite()
		if in.Paper.Section == "" || c == "" || strings.Contains(c, "seed") {
			t.Errorf("%s: paper %q", in.Name, c)
		}
	}
}

// TestComplete checks that a parameter left out takes its default, in
// Check and Estimate alike.
func TestComplete(t *testing.T) {
	pos := testpos.Diagram(t, "X..\n.O.\n...")
	for _, e := range All() {
		in := e.Info()
		if got := in.Complete(estimators.Params{}); !got.Equal(in.Defaults()) {
			t.Errorf("%s: Complete(Params{}) = %v, want the defaults %v", in.Name, got, in.Defaults())
		}
		if err := e.Check(estimators.Params{}); err != nil {
			t.Errorf("%s: Check(Params{}): %v", in.Name, err)
		}
		a, err := e.Estimate(context.Background(), pos, estimators.Params{})
		if err != nil {
			t.Fatalf("%s: %v", in.Name, err)
		}
		b, err := e.Estimate(context.Background(), pos, in.Defaults())
		if err != nil {
			t.Fatalf("%s: %v", in.Name, err)
		}
		if !slices.Equal(a.Values, b.Values) {
			t.Errorf("%s: with no parameters %v, with the defaults %v", in.Name, a.Values, b.Values)
		}
	}
}

// TestCancel: every estimator returns context.Canceled for a context
// cancelled before the run.
func TestCancel(t *testing.T) {
	pos := testpos.Records(t)[0].Pos
	for _, e := range All() {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := e.Estimate(ctx, pos, e.Info().Defaults()); !errors.Is(err, context.Canceled) {
			t.Errorf("%s, cancelled context: err = %v", e.Info().Name, err)
		}
	}
}
