package semeai

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"moyo/board"
)

// A wall beyond is a chain next to a race's regions that the search
// cannot capture although it is not safe: it has a liberty in the
// regions and one or two outside them, which the search never plays,
// and it is not alive by Benson's test. Whether the other side gets to
// fill those outside liberties is decided by play elsewhere on the
// board, so an answer that changes when they are filled depends on that
// play, not on the race alone.

// wallBeyond is a wall of a race beyond its regions: its stones, and
// its liberties outside the regions, in board order.
type wallBeyond struct {
	stones, outside []int
}

// wallsBeyond returns c's walls beyond race r, and the points of their
// liberties outside the regions, in board order.
func (r *Race) wallsBeyond(c board.Color) ([]wallBeyond, []int) {
	pos := r.Pos
	inRegion := r.points()
	chains, id := pos.Chains()
	life := pos.UnconditionalLife()
	var walls []wallBeyond
	var outside []int
	for k, ch := range chains {
		if ch.Color != c || k == id[r.Black.Anchor()] || k == id[r.White.Anchor()] || inRegion[ch.Stones[0]] || life[ch.Stones[0]] == c {
			continue
		}
		in, out := 0, []int(nil)
		for _, l := range ch.Liberties {
			if inRegion[l] {
				in++
			} else {
				out = append(out, l)
			}
		}
		if in == 0 || len(out) == 0 || len(out) > looseLiberties {
			continue
		}
		slices.Sort(out)
		walls = append(walls, wallBeyond{stones: ch.Stones, outside: out})
		outside = append(outside, out...)
	}
	slices.Sort(outside)
	return walls, slices.Compact(outside)
}

// fillBeyond returns r's position with stones of c's opponent on the points
// of pts he may play, in order, without capturing (a point that is his
// suicide once its neighbour is filled stays empty), and the points
// filled; the player to move is r's.
func fillBeyond(r *Race, c board.Color, pts []int) (*board.Position, []int) {
	pos := r.Pos.Clone()
	var played []int
	for _, i := range pts {
		if pos.CapturesAt(c.Opponent(), i) || pos.PlayIndex(c.Opponent(), i) != nil {
			continue
		}
		played = append(played, i)
	}
	if err := pos.SetToMove(r.Pos.ToMove()); err != nil {
		return nil, nil
	}
	return pos, played
}

// checkWalls checks st, what SettleBoth found of race r, against the
// walls beyond the race (see wallsBeyond). For each colour c whose block
// is not already captured whoever moves first, and each liberty p of c's
// walls outside the regions, it sets a stone of c's opponent at p, and
// where that brings a wall beside p within the race's reach (its stones
// in play, or its every liberty in the regions) settles the race again.
// An end that one move beyond the race changes depends on play elsewhere
// on the board, and the race is refused with RefusedWallBeyond, saying
// both ends. (An end that only two or more such moves change stands: c
// answers the first. A stone beyond the race that leaves every wall out
// of its reach changes nothing the search sees.) A search of a filled
// race that stops at its limit (a quarter of lim's positions a side), or
// cannot be made (its regions open onto the board), changes an end only
// where what it settled excludes that end; and once the filled races'
// searches have visited as many positions as lim allows one side, the
// rest are left. The moves whose check so stopped short are returned,
// in board order: the ends stand, unchecked against them. (A filled race
// whose regions open onto the board has the wall beside an open area,
// where the race does not reach it.)
func checkWalls(ctx context.Context, r *Race, st [2]Settlement, lim SettleLimits) (unchecked []board.Move, err error) {
	budget := lim.nodes()
	lim.Nodes = budget / 4
	for _, c := range []board.Color{board.Black, board.White} {
		worst := true
		for _, s := range st {
			if c == board.Black && s.Bound.Hi() != WhiteCaptures || c == board.White && s.Bound.Lo() != BlackCaptures {
				worst = false
			}
		}
		if worst {
			continue // a move on c's walls cannot make c's end worse
		}
		walls, outside := r.wallsBeyond(c)
		for _, p := range outside {
			pos, played := fillBeyond(r, c, []int{p})
			if len(played) == 0 {
				continue
			}
			fr := exposed(r, pos, walls, p)
			if fr == nil {
				continue
			}
			move := board.Move{Color: c.Opponent(), Point: r.Pos.PointOf(p)}
			if budget <= 0 {
				unchecked = append(unchecked, move)
				continue
			}
			fst, ferr, changed, err := settleChanged(ctx, fr, st, lim)
			budget -= fst[0].Nodes + fst[1].Nodes
			if err != nil {
				return nil, err
			}
			if changed {
				return nil, &RaceError{Code: RefusedWallBeyond, Region: -1, Beyond: &move, Err: wallError(r, c, walls, p, searchOf(st), searchFrom(fst, ferr), ferr)}
			}
			if RefusalCodeOf(ferr) == RefusedSearchLimit {
				unchecked = append(unchecked, move)
			}
		}
	}
	slices.SortStableFunc(unchecked, func(a, b board.Move) int { return r.Pos.Index(a.Point) - r.Pos.Index(b.Point) })
	return unchecked, nil
}

// exposed returns the race of r's blocks in pos, r's position with a
// stone set at p beyond the race, where that brings a wall of walls
// beside p within the race's reach (its stones in play, or its every
// liberty in the regions); else nil.
func exposed(r *Race, pos *board.Position, walls []wallBeyond, p int) *Race {
	if pos == nil {
		return nil
	}
	fr, err := NewRace(pos, r.Pos.PointOf(r.Black.Anchor()), r.Pos.PointOf(r.White.Anchor()))
	if err != nil {
		return nil
	}
	in := fr.points()
	chains, id := pos.Chains()
	for _, w := range walls {
		if !slices.Contains(w.outside, p) {
			continue
		}
		ch := chains[id[w.stones[0]]]
		if in[ch.Stones[0]] || !slices.ContainsFunc(ch.Liberties, func(l int) bool { return !in[l] }) {
			return fr
		}
	}
	return nil
}

// settleChanged settles fr, a race with stones added beyond it, and
// reports whether an end differs from st, the race's own: the search's
// ends fst where it settled them, ferr why not, and err ctx's error,
// where it is done.
func settleChanged(ctx context.Context, fr *Race, st [2]Settlement, lim SettleLimits) (fst [2]Settlement, ferr error, changed bool, err error) {
	fst, ferr = SettleBoth(ctx, fr, lim)
	if ctx.Err() != nil {
		return fst, ferr, false, ctx.Err()
	}
	for k := range st {
		if ferr == nil && fst[k].Bound != st[k].Bound || ferr != nil && !fst[k].Bound.Admits(st[k].Result) {
			changed = true
		}
	}
	return fst, ferr, changed, nil
}

// wallError says how the end of race r, found, depends on a move of c's
// opponent at p, a liberty of c's walls beyond the race: "the end
// depends on play beyond the race: White's chain at J10, which the race
// cannot capture, has a liberty outside it, at H9. As it stands, White
// captures, whoever moves first; if Black plays H9 first, neither block
// is captured, whoever moves first".
func wallError(r *Race, c board.Color, walls []wallBeyond, p int, found, filled Search, ferr error) error {
	pos := r.Pos
	labels := func(pts []int) string {
		out := make([]string, len(pts))
		for k, i := range pts {
			out[k] = label(pos, i)
		}
		return andList(out)
	}
	var anchors, outside []int
	for _, w := range walls {
		if slices.Contains(w.outside, p) {
			anchors = append(anchors, slices.Min(w.stones))
			outside = append(outside, w.outside...)
		}
	}
	slices.Sort(anchors)
	slices.Sort(outside)
	outside = slices.Compact(outside)
	chains, verb := "chain at "+labels(anchors), "has"
	if len(anchors) > 1 {
		chains, verb = "chains at "+labels(anchors), "have"
	}
	libs := "a liberty"
	if len(outside) > 1 {
		libs = "liberties"
	}
	then := filled.String()
	if ferr != nil {
		then = strings.TrimSuffix(strings.TrimPrefix(settledLine(filled), " What it settled: "), ".") + " (the rest was not settled within the check's limit)"
	}
	return fmt.Errorf("the end depends on play beyond the race: %s's %s, which the race cannot capture, %s %s outside it, at %s. As it stands, %s; if %s plays %s first, %s",
		c.Name(), chains, verb, libs, labels(outside), found, c.Opponent().Name(), label(pos, p), then)
}
