package engines

import "moyo/estimators"

// Unstarted returns every engine estimator, with no program found and none
// started: what their Info says is known before the engines are looked
// for, such as the parameters the command line has flags for.
func Unstarted() []estimators.Estimator {
	return []estimators.Estimator{NewGnuGoEngine(""), NewKataGo("", "", "", "")}
}
