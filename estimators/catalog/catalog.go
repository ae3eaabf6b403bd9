// Package catalog lists the estimators moyo offers: the deterministic
// ones of package estimators and the random fields of package randfield,
// in the order the app lists them. It is the one place that knows them
// all, so that neither package has to import the other; the command line,
// the app's workspace and the tests that check every estimator start
// here. An estimator added to moyo is added to All.
package catalog

import (
	"moyo/estimators"
	"moyo/randfield"
)

// All returns every estimator, in the order the app lists them.
func All() []estimators.Estimator {
	return []estimators.Estimator{
		estimators.Propagate{},
		estimators.Symmetric{},
		estimators.GnuGo{},
		estimators.Seds{},
		randfield.BP{},
		randfield.BPL{},
	}
}

// ByName returns the estimator of All called name, or an error listing
// the valid names.
func ByName(name string) (estimators.Estimator, error) { return estimators.Find(All(), name) }

// Names returns the names of all estimators, in the order of All.
func Names() []string {
	var names []string
	for _, e := range All() {
		names = append(names, e.Info().Name)
	}
	return names
}
