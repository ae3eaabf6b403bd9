package semeai

import (
	"context"
	"slices"

	"moyo/board"
	"moyo/cgt"
)

// RegionTerritory is a region's territory score supposing the race is won
// by Winner, the paper's second half: Gwin when the region's defender wins
// the whole race, Glose when he loses it. Scores count by territory, as
// the paper does (Nakamura 2008 counts the attacker's fills inside his own
// territory as points lost, which area counting does not): a side's empty
// points and the stones it captures, Black positive, games cooled by 1 as
// the paper gives them.
type RegionTerritory struct {
	// Base is the region's size: its empty points and the stones in it.
	Base int
	// Open counts the region's points the attacker's stones reach from a
	// wall of his (a stone of his outside the region, not his essential
	// block) without crossing a stone of the defender: a stone he plays
	// there joins the wall and lives, whoever wins the race, and an empty
	// one is dame at best.
	Open int
	// Win is Cool(Gwin, 1): the defender wins the race, so the region is
	// his, whatever was played in it, but for its open points: each empty
	// point 1 and each of the attacker's stones 2 (a point and a
	// prisoner), his own stones 0. The paper's Gwin takes every point for
	// the defender, as in its pockets walled by his stones; on plain
	// liberties beside the attacker's wall the board after the race shows
	// his stones there.
	Win *cgt.Game
	// Lose is Cool(Glose, 1) = BaseValue + Cool(Glc, 2), the paper's
	// formula: BaseValue is the region as the attacker's territory (each
	// empty point 1, each of the defender's stones 2, his own 0), less the
	// moves he must make inside it to capture, which fill his own
	// territory; nil where the defender's block is alive already and
	// cannot lose.
	Lose *cgt.Game
	// Score is Win or Lose, as Winner says; nil for a region counting for
	// both blocks, which the race leaves to neither (0).
	Score *cgt.Game
}

// Territory is the territory the race leaves, supposing Winner wins it.
type Territory struct {
	// Winner is the side that wins the race with ToMove to play, or Empty
	// for a seki.
	Winner board.Color
	ToMove board.Color
	// Regions are in the order of Analysis.Regions.
	Regions []RegionTerritory
	// Blocks is what the essential blocks count: the loser's is captured,
	// 2 a stone for the winner (a point and a prisoner); the winner's
	// stones, and both blocks of a seki, count nothing.
	Blocks int
	// Total is the sum of the regions' scores and Blocks, Mean its mean
	// (cooled by 1, a number plus an infinitesimal at most, Mean is the
	// count).
	Total *cgt.Game
	Mean  cgt.Dyadic
	// LifeIn are the regions whose score holds a life: a line of play,
	// such as the loser moving there first, in which the region's
	// defender's block lives. The paper's territory is a count of points
	// and values no life: where a region holds one, Total is no count,
	// Mean is 0 and no semedori is named.
	LifeIn []int
	// Semedori are the moves that leave the race's winner as it is but
	// change the territory: the paper's semedori, such as the loser's moves
	// that gain points although the race is lost.
	Semedori []Semedori
}

// Semedori is a move that changes the territory but not who wins the
// race.
type Semedori struct {
	Color  board.Color
	Point  board.Point
	Region int
	// Mean is the territory count after the move, and Gain its change for
	// the mover (positive: the move gains him points).
	Mean, Gain cgt.Dyadic
}

// Territory evaluates the territory of the race with toMove to play. It
// judges the race after every first move of either side, which can take
// longer than Analyze: it stops with ctx's error when ctx is cancelled,
// and with an error wrapping ErrTooLarge past the limits Analyze ran
// under.
func (a *Analysis) Territory(ctx context.Context, toMove board.Color) (tr Territory, err error) {
	tb := a.Table
	guard(ctx, tb, a.lim)
	defer tb.Interrupt(nil)
	defer func() {
		if err != nil {
			tr, err = Territory{}, tooLarge(err)
		}
	}()
	defer cgt.Recover(&err)
	v := a.Verdict
	tr = Territory{ToMove: toMove, Winner: v.BlackFirst.Winner()}
	if toMove == board.White {
		tr.Winner = v.WhiteFirst.Winner()
	}
	games := make([]*cgt.Game, len(a.Regions))
	for k, rv := range a.Regions {
		games[k] = rv.Game
	}
	tr.Regions, tr.Total = a.territory(games, tr.Winner)
	tr.Blocks = a.blockCount(tr.Winner)
	tr.Total = tb.Add(tr.Total, tb.Int(int64(tr.Blocks)))
	for k, rt := range tr.Regions {
		if rt.Score != nil && holdsLife(tb, rt.Score) {
			tr.LifeIn = append(tr.LifeIn, k)
		}
	}
	if len(tr.LifeIn) > 0 {
		return tr, nil
	}
	tr.Mean = tb.Mean(tr.Total)
	// Semedori: every first move of either side in every region, judged
	// by the race it leaves (the opponent to move) and by its territory.
	for k, rv := range a.Regions {
		for _, o := range rv.Options {
			if o.LastOnly {
				continue
			}
			_, after := a.after(k, o)
			winner := after.BlackFirst.Winner()
			if o.Color == board.Black {
				winner = after.WhiteFirst.Winner()
			}
			if winner != tr.Winner {
				continue
			}
			g := append([]*cgt.Game(nil), games...)
			g[k] = o.Value
			_, total := a.territory(g, winner)
			mean := tb.Mean(total).Add(cgt.Int(int64(tr.Blocks)))
			gain := mean.Sub(tr.Mean)
			if o.Color == board.White {
				gain = gain.Neg()
			}
			// Filling a plain liberty is the race itself, not semedori;
			// nor is a move whose gain is a quarter of AliveCount or more: it
			// makes a block uncapturable, and the count it leaves mixes
			// AliveCount into the points (a gain of 498½, say).
			if gain.Sign() > 0 && gain.Cmp(cgt.Int(AliveCount/4)) < 0 && !(o.Color != rv.Defender && rv.isPlain(a.Race.Pos, o.Point)) {
				tr.Semedori = append(tr.Semedori, Semedori{Color: o.Color, Point: o.Point, Region: k, Mean: mean, Gain: gain})
			}
		}
	}
	return tr, nil
}

// holdsLife reports whether territory score g holds a count of life: a
// stop, or its mean, that is one (LifeOf).
func holdsLife(tb *cgt.Table, g *cgt.Game) bool {
	return LifeOf(tb.LeftStop(g)) != board.Empty || LifeOf(tb.RightStop(g)) != board.Empty || LifeOf(tb.Mean(g)) != board.Empty
}

// territory returns each region's territory games for the liberty
// counting games games, supposing winner wins the race, and their sum.
func (a *Analysis) territory(games []*cgt.Game, winner board.Color) ([]RegionTerritory, *cgt.Game) {
	tb := a.Table
	out := make([]RegionTerritory, len(a.Regions))
	total := tb.Zero()
	for k, rv := range a.Regions {
		t := RegionTerritory{Base: len(rv.Points)}
		if rv.Defender == board.Empty {
			out[k] = t
			continue
		}
		s := int64(1)
		if rv.Defender == board.White {
			s = -1
		}
		open := a.open(rv.Region)
		t.Open = len(open)
		var win, base int64 // the region as the defender's and as the attacker's
		for _, i := range rv.Points {
			switch c := a.Race.Pos.Cell(i); {
			case c == board.Empty:
				base++
				if !open[i] {
					win++
				}
			case c == rv.Defender:
				base += 2
			case !open[i]:
				win += 2
			}
		}
		t.Win = tb.Int(s * win)
		// BaseValue is the region as the attacker's territory; the
		// liberty count (Black's positive) is how many times the attacker
		// fills his own territory to capture, which takes back that many
		// points of it: −s·base + Cool(Glc, 2).
		// A block alive from the start (RegionValue.Already) never loses
		// the race, so its regions have no Glose.
		if !rv.Already {
			t.Lose = tb.Add(tb.Int(-s*base), cool2(tb, games[k]))
		}
		switch winner {
		case rv.Defender:
			t.Score = t.Win
		case rv.Defender.Opponent():
			t.Score = t.Lose
		}
		if t.Score != nil {
			total = tb.Add(total, t.Score)
		}
		out[k] = t
	}
	return out, total
}

// blockCount returns what the essential blocks count when winner wins:
// the loser's captured stones, a point and a prisoner each for the
// winner; nothing in a seki, where both live.
func (a *Analysis) blockCount(winner board.Color) int {
	switch winner {
	case board.Black:
		return 2 * len(a.Race.White.Stones)
	case board.White:
		return -2 * len(a.Race.Black.Stones)
	}
	return 0
}

// isPlain reports whether pt is one of the region's plain liberties.
func (rv RegionValue) isPlain(pos *board.Position, pt board.Point) bool {
	i := pos.Index(pt)
	for _, l := range rv.Plain {
		if l == i {
			return true
		}
	}
	return false
}

// open returns the points of region g that the attacker's stones can
// reach from a wall of his (a stone of his outside the region, not his
// essential block) without crossing a stone of the defender: a stone he
// plays there joins the wall and lives, whoever wins the race (see
// RegionTerritory.Open).
func (a *Analysis) open(g Region) map[int]bool {
	pos := a.Race.Pos
	att := g.Defender.Opponent()
	block := a.Race.Block(att).Stones
	in := func(i int) bool { _, ok := slices.BinarySearch(g.Points, i); return ok }
	var reach []int
	seen := map[int]bool{}
	for _, i := range g.Points {
		if pos.Cell(i) == g.Defender {
			continue
		}
		for _, j := range pos.Neighbors(i) {
			if _, own := slices.BinarySearch(block, j); pos.Cell(j) == att && !in(j) && !own {
				seen[i] = true
				reach = append(reach, i)
				break
			}
		}
	}
	for k := 0; k < len(reach); k++ {
		for _, j := range pos.Neighbors(reach[k]) {
			if in(j) && !seen[j] && pos.Cell(j) != g.Defender {
				seen[j] = true
				reach = append(reach, j)
			}
		}
	}
	return seen
}
