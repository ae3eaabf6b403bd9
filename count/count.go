// Package count counts a finished game of Go, as the players do once both
// have passed: with the dead stones lifted, by area (stones and the empty
// points they surround, the Chinese and AGA way) or by territory (the
// surrounded empty points and the prisoners, the Japanese and Korean way),
// with komi.
//
// Which stones are dead is a judgement. Marking holds one, chain by chain:
// moyo's own (Auto, which needs no engine), GNU Go's or KataGo's (FromValues
// on the engine's ownership), or a player's, toggled chain by chain.
package count

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"moyo/board"
	"moyo/estimators"
)

// Rules is the way points are counted.
type Rules int8

// The two ways of counting.
const (
	// Area counts each side's living stones and the empty points only
	// its stones surround (Chinese, AGA and New Zealand rules). Stones in
	// seki are counted for their side, and so are the eyes inside them.
	Area Rules = iota
	// Territory counts each side's surrounded empty points and its
	// prisoners: the stones captured during the game and the dead stones
	// lifted at the end (Japanese and Korean rules). Points of a seki,
	// its eyes included, are no one's territory.
	Territory
)

// String is the rules' name on the command line: "area" or "territory".
func (r Rules) String() string {
	if r == Territory {
		return "territory"
	}
	return "area"
}

// ParseRules reads "area" or "territory", or the name of rules that
// count so, as a record's RU property gives it ("Chinese", "AGA", "New
// Zealand"; "Japanese", "Korean"), in any case.
func ParseRules(s string) (Rules, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "area", "chinese", "aga", "nz", "new zealand":
		return Area, nil
	case "territory", "japanese", "korean":
		return Territory, nil
	}
	return Area, fmt.Errorf("unknown rules %q (valid: area, territory)", s)
}

// Status is what a marking makes of a chain at the end of the game.
type Status int8

// The three statuses of a chain.
const (
	Alive Status = iota
	Dead
	Seki
)

// String names the status: "alive", "dead" or "seki".
func (s Status) String() string {
	switch s {
	case Dead:
		return "dead"
	case Seki:
		return "seki"
	}
	return "alive"
}

// Marking is a judgement of a final position: the status of the chain
// holding each point, at index y*size+x (Alive on empty points). Every
// stone of a chain has the same status.
type Marking []Status

// FromPoints makes the marking with the chains of the stones dead and
// seki dead and in seki, as an engine lists them (final_status_list). A
// point off the board or without a stone is an error.
func FromPoints(pos *board.Position, dead, seki []board.Point) (Marking, error) {
	m := make(Marking, pos.Len())
	for _, set := range []struct {
		pts  []board.Point
		what Status
	}{{dead, Dead}, {seki, Seki}} {
		for _, pt := range set.pts {
			if !pos.OnBoard(pt) {
				return nil, fmt.Errorf("%s stone %v: %w", set.what, pt, board.ErrOffBoard)
			}
			if pos.At(pt) == board.Empty {
				return nil, fmt.Errorf("%s stone %s: the point is empty", set.what, pt.Label(pos.Size()))
			}
			if s := m[pos.Index(pt)]; s != Alive && s != set.what {
				return nil, fmt.Errorf("stone %s is both dead and in seki", pt.Label(pos.Size()))
			}
			m.set(pos, pos.Index(pt), set.what)
		}
	}
	return m, nil
}

// FromValues makes the marking an ownership map says, such as KataGo's
// or GNU Go's area assignment (values in [−1, 1], Black positive, stones
// included): a chain whose mean value is less than −1/3 for its own colour
// is dead, within ±1/3 in seki (neither side owns it), alive otherwise.
// A third is far from both the ±1 of a settled stone and the 0 of a seki.
func FromValues(pos *board.Position, values []float64) (Marking, error) {
	if len(values) != pos.Len() {
		return nil, fmt.Errorf("%d values for a %d×%d board", len(values), pos.Size(), pos.Size())
	}
	m := make(Marking, pos.Len())
	chains, _ := pos.Chains()
	for _, c := range chains {
		v := chainMean(values, c)
		switch {
		case v < -1.0/3:
			m.setChain(c, Dead)
		case v <= 1.0/3:
			m.setChain(c, Seki)
		}
	}
	return m, nil
}

// chainMean is the mean of values over c's stones, positive when they
// favour c's colour.
func chainMean(values []float64, c board.Chain) float64 {
	s := 0.0
	for _, i := range c.Stones {
		s += values[i]
	}
	return s / float64(len(c.Stones)) * float64(c.Color)
}

// set gives the chain holding point i the status s.
func (m Marking) set(pos *board.Position, i int, s Status) {
	c := pos.Cell(i)
	stack := []int{i}
	seen := map[int]bool{i: true}
	for len(stack) > 0 {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		m[k] = s
		for _, j := range pos.Neighbors(k) {
			if pos.Cell(j) == c && !seen[j] {
				seen[j] = true
				stack = append(stack, j)
			}
		}
	}
}

func (m Marking) setChain(c board.Chain, s Status) {
	for _, i := range c.Stones {
		m[i] = s
	}
}

// Toggle returns a copy of m with the chain at pt turned to its next
// status, alive → dead → seki → alive, as a click in the count mode does.
// A point without a stone leaves the marking as it is.
func (m Marking) Toggle(pos *board.Position, pt board.Point) Marking {
	out := slices.Clone(m)
	if !pos.OnBoard(pt) || pos.At(pt) == board.Empty {
		return out
	}
	i := pos.Index(pt)
	out.set(pos, i, (m[i]+1)%3)
	return out
}

// Points returns the stones of status s, in flat index order.
func (m Marking) Points(pos *board.Position, s Status) []board.Point {
	var pts []board.Point
	for i, v := range m {
		if v == s && pos.Cell(i) != board.Empty {
			pts = append(pts, pos.PointOf(i))
		}
	}
	return pts
}

// Count is a finished game counted.
type Count struct {
	Rules Rules
	Komi  float64
	// Size is the board size; Owner has Size² entries.
	Size int
	// Owner holds, at index y*Size+x, whose point it is in the count: +1
	// Black's, −1 White's, 0 no one's. Under area rules that is every
	// living stone (seki ones too) and the empty and dead points only one
	// side's stones surround; under territory rules only the surrounded
	// empty and dead points, none bordering a seki.
	Owner []int8
	// Black and White are the points each side counts, before komi: area
	// (stones and surrounded points), or territory and prisoners.
	Black, White float64
	// Prisoners are the stones each side took, [0] Black's and [1]
	// White's: captured during the game and, at the end, the dead stones.
	// Area counting does not use them.
	Prisoners [2]int
	// Dead is how many stones were lifted as dead.
	Dead int
}

// New counts pos under rules with the marking m and komi. Captures during
// the game are pos's (board.Position.Captures).
func New(pos *board.Position, m Marking, rules Rules, komi float64) (*Count, error) {
	n := pos.Len()
	if len(m) != n {
		return nil, fmt.Errorf("a marking of %d points for a %d×%d board", len(m), pos.Size(), pos.Size())
	}
	c := &Count{Rules: rules, Komi: komi, Size: pos.Size(), Owner: make([]int8, n)}
	c.Prisoners = [2]int{pos.Captures(board.Black), pos.Captures(board.White)}
	// The walls of the regions are the stones left once the dead are
	// lifted.
	walls := make([]bool, n)
	for i := range n {
		switch col := pos.Cell(i); {
		case col == board.Empty:
		case m[i] == Dead:
			c.Dead++
			if col == board.Black {
				c.Prisoners[1]++
			} else {
				c.Prisoners[0]++
			}
		default:
			walls[i] = true
			if rules == Area {
				c.Owner[i] = int8(col)
			}
		}
	}
	var regions board.Chains
	regions.FindRegions(pos, walls)
	for k := range regions.Len() {
		// by is 0 before any border is seen, a colour while every border
		// is of it, 2 once the region is no one's.
		const neither = 2
		var by int8
		for _, j := range regions.Adjacent.At(k) {
			switch col := int8(pos.Cell(int(j))); {
			case rules == Territory && m[j] == Seki:
				by = neither
			case by == 0:
				by = col
			case by != col:
				by = neither
			}
		}
		if by == neither {
			by = 0
		}
		for _, i := range regions.Stones.At(k) {
			c.Owner[i] = by
		}
	}
	for _, o := range c.Owner {
		switch o {
		case 1:
			c.Black++
		case -1:
			c.White++
		}
	}
	if rules == Territory {
		c.Black += float64(c.Prisoners[0])
		c.White += float64(c.Prisoners[1])
	}
	return c, nil
}

// Margin is Black's points less White's and komi: positive when Black
// wins.
func (c *Count) Margin() float64 { return c.Black - c.White - c.Komi }

// Result writes the margin as a game's result is written: "B+2", "W+0.5",
// or "0" for a draw.
func (c *Count) Result() string {
	if math.Abs(c.Margin()) < 1e-9 {
		return "0"
	}
	return estimators.FormatResult(c.Margin(), 0)
}

// Lines says the count in words, a line a side and the result: "Black 36
// (33 territory, 3 prisoners)", "White 27 + 7 komi = 34", "B+2 by
// territory". They are what the count mode and 'moyo count' show.
func (c *Count) Lines() []string {
	side := func(name string, points float64, prisoners int, komi float64) string {
		s := fmt.Sprintf("%s %s", name, formatPoints(points))
		switch {
		case c.Rules == Territory:
			s += fmt.Sprintf(" (%s territory, %d prisoners)", formatPoints(points-float64(prisoners)), prisoners)
		default:
			s += " (stones and surrounded points)"
		}
		if komi != 0 {
			s += fmt.Sprintf(" + %s komi = %s", formatPoints(komi), formatPoints(points+komi))
		}
		return s
	}
	return []string{
		side("Black", c.Black, c.Prisoners[0], math.Min(0, c.Komi)*-1),
		side("White", c.White, c.Prisoners[1], math.Max(0, c.Komi)),
		fmt.Sprintf("%s by %s", c.Result(), c.Rules),
	}
}

// formatPoints writes a number of points without needless decimals.
func formatPoints(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
