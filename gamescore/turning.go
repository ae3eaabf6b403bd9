package gamescore

import (
	"cmp"
	"math"
	"slices"
)

// A static estimate's board score sways with the side to move: each move
// adds the mover's stone and its influence, so the score after a Black
// move is some points higher than after the White move before and after
// it (on the sample record, by 3 to 19 points), whoever is ahead. The
// swings below average that out as miai counting does, which values a
// position as the mean of the two sides moving first: the estimate before
// move n is the mean of the positions after moves n−2 and n−1, one with
// each side to move, and after it the mean of those after n and n+1.

// Trend returns the scores with the side to move averaged out, for a
// graph to draw over the scores themselves: element n is
// (s[n−1] + 2·s[n] + s[n+1])/4, the mean of the two positions on either
// side of n each averaged with n, reflected at the ends as in Swings. A
// constant alternation vanishes from it; a swing (Swings) shows as a
// step of its size over two moves.
func Trend(scores []float64) []float64 {
	at := reflect(scores)
	out := make([]float64, len(scores))
	for i := range out {
		out[i] = (at(i-1) + 2*at(i) + at(i+1)) / 4
	}
	return out
}

// reflect returns the function giving scores[i] for any i, the scores
// beyond either end reflected in it: s[−i] = s[i], s[N+i] = s[N−i].
func reflect(scores []float64) func(i int) float64 {
	n := len(scores)
	return func(i int) float64 {
		if i < 0 {
			i = -i
		}
		if i > n-1 {
			i = 2*(n-1) - i
		}
		return scores[max(0, min(i, n-1))]
	}
}

// Swings returns the swing of each move of a line whose board scores
// after 0, 1, … moves are scores: element n is the change across move n
// of the estimate with the side to move averaged out,
//
//	(s[n] + s[n+1])/2 − (s[n−2] + s[n−1])/2,
//
// positive when the move turned the estimate Black's way, with the scores
// beyond either end reflected in it (s[−1] = s[1], s[N+1] = s[N−1]), so
// that the side to move keeps alternating there. Element 0 is 0: no move
// leads to the setup. A capture that the estimate did not foresee shows as one
// large swing at the capture; the alternation of the side to move, a
// constant step up and down, has no swing at all.
func Swings(scores []float64) []float64 {
	at := reflect(scores)
	out := make([]float64, len(scores))
	for i := 1; i < len(scores); i++ {
		out[i] = (at(i)+at(i+1))/2 - (at(i-2)+at(i-1))/2
	}
	return out
}

// Turn is a move where the estimate swings: a turning point of the game.
type Turn struct {
	Move int
	// Swing is the move's swing (Swings), positive towards Black.
	Swing float64
}

// TurnSpacing is how many moves apart turning points are at least: the
// moves on either side of a large swing have swings of their own that
// share its cause, and would otherwise be listed with it.
const TurnSpacing = 4

// TurningPoints returns up to k moves whose swings are largest in size,
// largest first (ties by the earlier move), each at least TurnSpacing
// moves from every larger one, and only those whose swing exceeds the
// line's typical one: the median size of its swings, doubled, and half a
// point at least. A line without a swing beyond that has none.
func TurningPoints(scores []float64, k int) []Turn {
	sw := Swings(scores)
	if len(sw) < 2 || k <= 0 {
		return nil
	}
	sizes := make([]float64, 0, len(sw)-1)
	for _, s := range sw[1:] {
		sizes = append(sizes, math.Abs(s))
	}
	slices.Sort(sizes)
	floor := max(0.5, 2*sizes[len(sizes)/2])
	var all []Turn
	for n, s := range sw {
		if n > 0 && math.Abs(s) > floor {
			all = append(all, Turn{Move: n, Swing: s})
		}
	}
	slices.SortStableFunc(all, func(a, b Turn) int { return cmp.Compare(math.Abs(b.Swing), math.Abs(a.Swing)) })
	var out []Turn
	for _, t := range all {
		if len(out) == k {
			break
		}
		if !slices.ContainsFunc(out, func(u Turn) bool { return abs(u.Move-t.Move) < TurnSpacing }) {
			out = append(out, t)
		}
	}
	return out
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
