// Package randfield holds the random fields of the final territory given
// a position, after David H. Stern, Thore Graepel and David J. C. MacKay,
// "Modelling Uncertainty in the Game of Go", NIPS 17, 2004: a spin s = +1
// (Black) or −1 (White) on every intersection, and one factor per pair of
// neighbours whose coupling and fields depend on what the two points hold.
//
// It holds the two models of the paper, Boltzmann5 (§2, eq. 2, five
// parameters) and BoltzmannLiberties (§2, eq. 3, with liberty counts);
// their inference: loopy belief propagation (§3), exact marginals by a
// transfer sweep, and Swendsen–Wang sampling (§3); whole-board samplers
// (Sampler: Swendsen–Wang and Gibbs); and their fit by maximum likelihood
// to final positions (FitBoltzmann5, FitField). BP and BPL present the
// two models as estimators (package estimators' Estimator interface),
// which package catalog lists beside the others; loopy BP runs on
// estimators' solvers, and Refine measures how far it stopped from its
// fixed point as for any iterative estimator.
package randfield

import "moyo/estimators"

// sternGraepelMacKay cites the paper, at section.
func sternGraepelMacKay(section string) estimators.Paper {
	return estimators.Paper{
		Authors: "David H. Stern, Thore Graepel, David J. C. MacKay",
		Title:   "Modelling Uncertainty in the Game of Go",
		Where:   "Advances in Neural Information Processing Systems 17 (NIPS 2004)",
		Year:    "2004",
		Section: section,
		URL:     "https://papers.nips.cc/paper/2004",
		Short:   "Stern, Graepel & MacKay 2004",
	}
}
