// Package ownership finds who owns each point at the end of a game that
// was counted (a record with a result such as RE[B+5.5]): GNU Go judges
// which stones are dead and which are in seki, and the points are then
// assigned as area counting does. The result is the ground truth the
// estimators are evaluated against, so it is checked against the record's
// own result and every disagreement is reported rather than hidden.
package ownership

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"moyo/board"
	"moyo/count"
	"moyo/estimators"
)

// Tolerance is how far, in points, the area count after komi may be from
// the record's result and still agree with it: one point covers a dame
// left unfilled by one side, and a pass that area counting does not see.
const Tolerance = 1.0

// Final is the final ownership of a game.
type Final struct {
	// Size is the board size; Owner has Size² entries.
	Size int
	// Owner holds, at index y*Size+x, +1 when the point is Black's at the
	// end (a living black stone, a dead white stone, or empty and bordered
	// only by living black stones), −1 when it is White's, and 0 when it
	// is neither's: dame, and stones in seki with the points bordering
	// them.
	Owner []int8
	// Dead and Seki are the stones GNU Go judged dead and in seki.
	Dead, Seki []board.Point
	// Moves is the number of moves of the record's main line.
	Moves int
	// Komi and Result are the record's komi and result (RE).
	Komi   float64
	Result string
	// Area is Black's area minus White's: the sum of Owner.
	Area float64
	// Territory is the count by territory rules, Black's minus White's:
	// owned points that are not living stones, plus prisoners (captures
	// during the game and dead stones).
	Territory float64
	// Engine names the program that judged the stones ("GNU Go 3.8").
	Engine string
}

// Counted returns the result by area counting: Area − Komi, positive when
// Black wins.
func (f *Final) Counted() float64 { return f.Area - f.Komi }

// ErrNotCounted is returned by Check for a record whose result is not a
// count, such as a resignation.
var ErrNotCounted = errors.New("the result is not a count")

// Disagreement is a final ownership whose count does not match the
// record's result.
type Disagreement struct {
	Result    string  // the record's RE
	Recorded  float64 // RE as a number, positive when Black wins
	Counted   float64 // Area − Komi
	Territory float64 // Territory − Komi, for comparison
}

func (d *Disagreement) Error() string {
	return fmt.Sprintf("area count %s but the record says %s (off by %g; territory count %s)",
		formatScore(d.Counted), d.Result, math.Abs(d.Counted-d.Recorded), formatScore(d.Territory))
}

// formatScore writes a result after komi as Go results are written.
func formatScore(s float64) string { return estimators.FormatResult(s, 0) }

// UsualKomi are the komi Agree tries for a record that gives none (KM[0]
// or no KM) and does not count to its result without: the 6.5 and 7.5 of
// even games by territory and by area. The Fox server writes KM[0] in the
// records of games played with komi; most of its counted records in the
// AI collection count to their result only so.
func UsualKomi() []float64 { return []float64{6.5, 7.5} }

// Agreement is how a final ownership counts to its record's result.
type Agreement struct {
	// ByTerritory is set when it is the territory count that agrees
	// (records of territory rules) and the area count does not.
	ByTerritory bool
	// Komi is the komi of the count that agrees: the record's, or one of
	// UsualKomi when KomiGuessed.
	Komi        float64
	KomiGuessed bool
}

// Agree compares the counts with the record's result: by area, then by
// territory, each within Tolerance, with the record's komi; then, for a
// record that gives no komi, with each of UsualKomi. The grid is the same
// whichever count agrees: what is checked is GNU Go's judgement of the
// dead stones. Agree returns how they agree, or a *Disagreement (with the
// record's komi) when no way does, or an error wrapping ErrNotCounted when
// the result is not a count.
func (f *Final) Agree() (Agreement, error) {
	rec, err := ParseResult(f.Result)
	if err != nil {
		return Agreement{}, err
	}
	komis := []float64{f.Komi}
	if f.Komi == 0 {
		komis = append(komis, UsualKomi()...)
	}
	for _, k := range komis {
		for _, byTerritory := range []bool{false, true} {
			count := f.Area
			if byTerritory {
				count = f.Territory
			}
			if math.Abs(count-k-rec) <= Tolerance {
				return Agreement{ByTerritory: byTerritory, Komi: k, KomiGuessed: k != f.Komi}, nil
			}
		}
	}
	return Agreement{}, &Disagreement{Result: f.Result, Recorded: rec, Counted: f.Counted(), Territory: f.Territory - f.Komi}
}

// Check is Agree without the details: nil when the counts agree with the
// record's result.
func (f *Final) Check() error {
	_, err := f.Agree()
	return err
}

// ParseResult reads a counted result, "B+5.5", "W+0.5" or a draw ("0",
// "Draw", "Jigo"), as a number positive when Black wins. Any other result
// (resignation, time, forfeit, unknown) is an error wrapping ErrNotCounted.
//
// A margin must be positive and a whole number of quarter points (komi
// and counting in stones give quarters): "B+0.0" names a winner by
// nothing, and the Fox server writes it, and "W+0.02", for games won on
// time or abandoned, often after a few dozen moves. Taken as counts,
// those records would ask GNU Go to judge half-empty boards.
func ParseResult(re string) (float64, error) {
	s := strings.TrimSpace(re)
	switch strings.ToLower(s) {
	case "0", "draw", "jigo", "d":
		return 0, nil
	}
	sign := 0.0
	switch {
	case strings.HasPrefix(s, "B+"):
		sign = 1
	case strings.HasPrefix(s, "W+"):
		sign = -1
	}
	if sign != 0 {
		v, err := strconv.ParseFloat(s[2:], 64)
		if err == nil && v > 0 && v < math.MaxInt32 && v*4 == math.Trunc(v*4) {
			return sign * v, nil
		}
	}
	return 0, fmt.Errorf("result %q: %w", re, ErrNotCounted)
}

// Assign finds the owner of every point of the final position pos, given
// the stones judged dead and those in seki, as area counting assigns them:
// a living stone is its colour's; a dead stone is the opponent's; a seki
// stone is neither's; an empty point, taken together with the dead stones
// into regions, is a colour's when every stone bordering its region is a
// living (not seki) stone of that colour, and neither's otherwise. A dead
// or seki point that holds no stone is an error.
func Assign(pos *board.Position, dead, seki []board.Point) ([]int8, error) {
	_, owner, err := assign(pos, dead, seki)
	return owner, err
}

// assign is Assign with the count by territory rules it is read from
// (package count, the one home of counting): its owners, with the living
// stones that are in no seki given to their colour.
func assign(pos *board.Position, dead, seki []board.Point) (*count.Count, []int8, error) {
	m, err := count.FromPoints(pos, dead, seki)
	if err != nil {
		return nil, nil, err
	}
	c, err := count.New(pos, m, count.Territory, 0)
	if err != nil {
		return nil, nil, err
	}
	owner := slices.Clone(c.Owner)
	for i, s := range m {
		if col := pos.Cell(i); col != board.Empty && s == count.Alive {
			owner[i] = int8(col)
		}
	}
	return c, owner, nil
}

// newFinal assembles the Final of a final position from the judgement.
func newFinal(pos *board.Position, dead, seki []board.Point, moves int, komi float64, result, engine string) (*Final, error) {
	c, owner, err := assign(pos, dead, seki)
	if err != nil {
		return nil, err
	}
	f := &Final{
		Size: pos.Size(), Owner: owner, Dead: dead, Seki: seki,
		Moves: moves, Komi: komi, Result: result, Engine: engine,
	}
	for _, o := range owner {
		f.Area += float64(o)
	}
	// The count by territory rules: owned points that are not living
	// stones, and the prisoners (captures and dead stones).
	f.Territory = c.Black - c.White
	return f, nil
}
