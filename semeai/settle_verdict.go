package semeai

import (
	"fmt"
	"slices"
	"strings"

	"moyo/board"
)

// Assumption names an assumption of the count's model (the regions'
// liberty counting games, summed) that a region of a race breaks: where
// the count and the search differ, the reason the count is wrong there.
type Assumption string

// The assumptions a region can break.
const (
	// BreaksKo: a ko decides the race, and the count has no ko (it
	// plays kos under the ban on repeating a position, without threats).
	BreaksKo Assumption = "ko"
	// BreaksLife: a block can live in the region (two eyes, or by
	// connecting out), which the count values as a large number of
	// liberties.
	BreaksLife Assumption = "life"
	// BreaksEyeShape: the region is an eye of three or more points,
	// whose shape (a dead shape, or one that makes two eyes) decides, not
	// its liberties one by one.
	BreaksEyeShape Assumption = "eye-shape"
	// BreaksSharedRule: a shared region is counted for the side with an
	// eye by the rule of thumb, which holds only when the other side
	// cannot approach its liberties.
	BreaksSharedRule Assumption = "shared-rule"
	// BreaksIndependence: the region is not independent of the others:
	// a chain around it has liberties in another region too, so a
	// capture or a fill in one changes the other.
	BreaksIndependence Assumption = "not-independent"
	// BreaksOrder: captures and recaptures in the region make its count
	// depend on the order its moves are tried (the ban on repeating a
	// position).
	BreaksOrder Assumption = "repetition"
	// BreaksLastLiberty: the region's last liberty can be taken only by
	// a capture, valued by the package's own rule rather than the
	// paper's.
	BreaksLastLiberty Assumption = "last-liberty"
	// BreaksUnknown: no assumption the package can name is broken, yet
	// the two differ.
	BreaksUnknown Assumption = "unknown"
)

// Difference is a way the count and the search differ on a race with one
// side moving first, and a region that explains it.
type Difference struct {
	First         board.Color
	Count, Search Result
	// Region is the region's index in Analysis.Regions, or −1 for the
	// race as a whole (a ko).
	Region int
	Breaks Assumption
}

// applySettled makes st, what SettleBoth found (err its error), the
// verdict's: the count's outcomes stay in
// Verdict.CountBlackFirst and CountWhiteFirst, and where the two differ
// Differences says which region breaks which assumption of the count's
// model. A race the search does not settle keeps the count's verdict,
// with SettleErr saying why, but for what the search did settle: a side
// moving first whose end it settled is the search's (its Kind set where
// the search also told a seki from two blocks that live), and where
// what it settled of a side refutes the count's outcome (a Bound that
// does not admit it) there is no verdict to show, and the race is
// refused with the search's limit. Only that error is returned.
func (a *Analysis) applySettled(st [2]Settlement, err error) error {
	v := &a.Verdict
	a.Settled = st
	if err != nil {
		a.SettleErr = err
		for _, s := range st {
			switch {
			case s.Bound.Settled():
				a.settleSide(s)
			case !s.Bound.Admits(v.First(s.First)):
				return &RaceError{Code: RefusedSearchLimit, Region: -1, Err: fmt.Errorf("the search refutes the count's verdict with %s moving first (%s) but did not settle the race: %w",
					s.First.Name(), strings.ToLower(v.First(s.First).String()), err)}
			}
		}
		return nil
	}
	v.Searched = true
	for _, s := range st {
		a.settleSide(s)
	}
	v.BothLive = st[0].Kind == BothLive && st[1].Kind == BothLive
	return nil
}

// settleLimits are the limits of Analyze's search.
func (a *Analysis) settleLimits() SettleLimits { return a.lim.settle() }

// settle returns the limits of Analyze's search under l.
func (l Limits) settle() SettleLimits { return SettleLimits{Nodes: l.SearchNodes} }

// settleSide makes the search's settlement s of one side moving first
// the verdict's.
func (a *Analysis) settleSide(s Settlement) {
	v := &a.Verdict
	c := s.First
	first, lives, move, kind := &v.BlackFirst, &v.BlackLives, &v.BlackMove, &v.BlackKind
	if c == board.White {
		first, lives, move, kind = &v.WhiteFirst, &v.WhiteLives, &v.WhiteMove, &v.WhiteKind
	}
	*kind = s.Kind
	if *first != s.Result || s.Kind == Ko || s.Kind == Seki || *move != nil && !(*move).Wins && s.Result == Result(c) {
		*move = nil
		if s.Move != nil {
			// A move to neither captured saves a block in atari; one
			// that is not, as in the move that makes a seki, keeps it
			// from capture.
			inAtari := len(a.Race.Block(c).Liberties) == 1
			*move = &Move{Color: c, Point: *s.Move, Region: a.regionOf(*s.Move), Wins: s.Result == Result(c), Saves: s.Result == Neither && inAtari}
		}
	}
	if s.Result != Neither || s.Kind != BothLive {
		*lives = false
	}
	switch {
	case *first != s.Result:
		for _, k := range a.explain(s) {
			a.Differences = append(a.Differences, Difference{First: c, Count: *first, Search: s.Result, Region: k.region, Breaks: k.breaks})
		}
	case s.Kind == Ko:
		// The count's end, reached through a ko it does not play: the
		// ko is all that differs, not the regions' counts.
		a.Differences = append(a.Differences, Difference{First: c, Count: *first, Search: s.Result, Region: -1, Breaks: BreaksKo})
	}
	*first = s.Result
}

type reason struct {
	region int
	breaks Assumption
}

// explain returns the assumptions of the count's model that the race's
// regions break, for a side moving first whose settlement s the count
// did not reach.
func (a *Analysis) explain(s Settlement) []reason {
	var out []reason
	if s.Kind == Ko {
		out = append(out, reason{-1, BreaksKo})
	}
	r := a.Race
	// Chains around the regions (not the essential blocks) with
	// liberties in more than one region tie those regions together.
	chains, id := r.Pos.Chains()
	regionOf := map[int]int{}
	for k, g := range r.Regions {
		for _, i := range g.Points {
			regionOf[i] = k
		}
	}
	ties := map[int]bool{}
	for c, ch := range chains {
		if c == id[r.Black.Anchor()] || c == id[r.White.Anchor()] || slices.Contains(r.Loose, ch.Stones[0]) {
			continue
		}
		seen := -1
		for _, l := range ch.Liberties {
			k, ok := regionOf[l]
			if !ok {
				continue
			}
			if seen >= 0 && seen != k {
				ties[seen], ties[k] = true, true
			}
			seen = k
		}
	}
	for k, rv := range a.Regions {
		eye := rv.Kind == External && !r.touchedFromOutside(rv.Region, rv.Defender.Opponent())
		switch {
		case rv.Alive:
			out = append(out, reason{k, BreaksLife})
		case eye && rv.Empty >= 3:
			out = append(out, reason{k, BreaksEyeShape})
		}
		if rv.Kind == Shared && rv.Defender != board.Empty {
			out = append(out, reason{k, BreaksSharedRule})
		}
		if ties[k] {
			out = append(out, reason{k, BreaksIndependence})
		}
		if rv.Cycles > 0 {
			out = append(out, reason{k, BreaksOrder})
		}
		if rv.LastOnly > 0 {
			out = append(out, reason{k, BreaksLastLiberty})
		}
	}
	if len(out) == 0 {
		out = append(out, reason{-1, BreaksUnknown})
	}
	return out
}
