// Package cgt computes with short combinatorial games: two-player games of
// perfect information, without chance or draws, in which the player who
// cannot move loses, and which end after finitely many moves.
//
// A game is written {L1, L2, … | R1, R2, …}: the positions Left (Black, in
// Go) can move to, then those Right (White) can move to. Games add — the sum
// G + H is played by moving in one component at a time — and compare: G ≥ H
// when Left, moving second, wins G − H. Each game equals exactly one
// canonical form, the one with no dominated options (an option its owner
// never prefers) and no reversible ones (a move the opponent answers by
// undoing it, which is bypassed), so equal games are equal forms.
//
// A Table holds canonical forms hash-consed: equal games are the same
// *Game, so equality is pointer equality, and sums, negatives, comparisons
// and cooled games are remembered (the comparisons in a cache of fixed
// size). A Table is not safe for concurrent use; give each goroutine its
// own.
//
// Games are written as CGSuite, the field's reference program, writes
// them (String, and ASCII for its plain text): numbers (3, −7½, 53/16),
// nimbers (*, *2), ups and downs with a number and a star (↑, ⇑, ↑3, 2*,
// 4↑, 3↑*, −4↓), up-nth and up to the nth (↑² = {0|↓*}, ↑[2] = {↑|*}),
// switches (±1, ±{1,1*}), tiny and miny (⧾₂ = {0||0|−2}, ⧿_{1|0} =
// {{1|0}|0||0}), and the other games in braces, more bars binding looser
// ({3||2|1} = {3|{2|1}}). Parse reads what CGSuite's worksheet reads of
// games — sums, products by whole numbers (5*{3||2|1}), *(3+5), +-1,
// ^<2>, Tiny(2) — and the literature's juxtapositions (2*, 3⧾₂, and
// Nakamura's {⧿₃|0³}), and refuses the few forms the two read differently
// (2*3 is 6 to CGSuite and 2 + *3 in its output).
//
// For hot games — where moving is worth something — the package computes
// the stops, the thermograph (the left and right walls as piecewise-linear
// functions of the temperature t, and the mast above the temperature), the
// mean and the temperature, and cools: G cooled by t taxes every move t
// points, which freezes G into a number, or a number plus an infinitesimal,
// once t reaches its temperature. For infinitesimals it computes the
// atomic weight, the number of ↑s a game is worth in the endgame.
//
// These are the tools of Berlekamp and Wolfe's "Mathematical Go" (chilling,
// cooling by 1) and of Nakamura's capturing-race analysis, in which cooling
// liberty-counting games by 2 gives a number (who wins) plus an
// infinitesimal (who gets the last move, tedomari).
//
// References, for a Go programmer learning the theory:
//   - E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways for your
//     Mathematical Plays, 2nd ed., A K Peters, 2001 (cited as WW).
//   - M. H. Albert, R. J. Nowakowski, D. Wolfe, Lessons in Play, A K Peters,
//     2007 (the gentlest introduction).
//   - A. N. Siegel, Combinatorial Game Theory, AMS, 2013 (definitions of
//     thermographs, cooling and atomic weight as this package uses them).
//   - CGSuite (cgsuite.org), the field's reference program, whose
//     conventions the notation and the definitions follow.
package cgt
