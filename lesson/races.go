package lesson

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"moyo/assets"
	"moyo/board"
	"moyo/semeai"
)

// RaceLesson is a capturing race to study: a position, its two essential
// blocks, a few sentences, and two sequences to step through, the correct
// one and a failing one. Its values are not stored: Analyze computes them.
type RaceLesson struct {
	Page
	// Blocks are a stone of Black's and of White's essential block.
	Blocks [2]board.Point
	// Correct is the sequence that wins the race (or holds the seki) for
	// the side to move; Failing starts with a plausible mistake of that
	// side and shows how it loses.
	Correct, Failing []board.Move
	// Want is the outcome of Correct with best play after it, which
	// Verify checks: the side to move captures, or Neither for a seki.
	Want semeai.Result
}

// Race returns the lesson's race.
func (l *RaceLesson) Race() (*semeai.Race, error) {
	r, err := semeai.NewRace(l.Position, l.Blocks[0], l.Blocks[1])
	if err != nil {
		return nil, fmt.Errorf("lesson %s: %w", l.Name, err)
	}
	return r, nil
}

// Analyze computes the lesson's liberty counting games and verdict.
func (l *RaceLesson) Analyze(ctx context.Context) (*semeai.Analysis, error) {
	r, err := l.Race()
	if err != nil {
		return nil, err
	}
	a, err := semeai.Analyze(ctx, r, semeai.Limits{})
	if err != nil {
		return nil, fmt.Errorf("lesson %s: %w", l.Name, err)
	}
	return a, nil
}

// SolveNodes bounds the positions the brute-force solver may visit
// for one position of a lesson (see RaceLesson.Check).
const SolveNodes = 1_000_000

// Verification says how Check judged a lesson's positions: Solved by the
// brute-force solver, Judged by the combinatorial verdict alone where the
// solver would need more than SolveNodes positions (a whole-board
// race, before its hot regions are settled).
type Verification struct {
	Solved, Judged int
}

// Verify is Check without its counts.
func (l *RaceLesson) Verify(ctx context.Context) error {
	_, err := l.Check(ctx)
	return err
}

// Check checks the lesson against the theory and the rules: the
// combinatorial verdict and the brute-force solver both give Want with the
// side to move first; every move of both sequences is legal; after each
// move of Correct, best play still reaches Want; and after Failing's first
// move the opponent of the side to move does better than Want. "Best
// play" is the solver's, or the verdict's for a position too large for the
// solver. The positions of Correct are judged from its end back, where
// they are smallest, and once one is too large the earlier ones are not
// tried.
func (l *RaceLesson) Check(ctx context.Context) (Verification, error) {
	var v Verification
	a, err := l.Analyze(ctx)
	if err != nil {
		return v, err
	}
	me := l.Position.ToMove()
	got := a.Verdict.BlackFirst
	if me == board.White {
		got = a.Verdict.WhiteFirst
	}
	if got != l.Want {
		return v, fmt.Errorf("lesson %s: the combinatorial verdict is %v with %s first, the lesson says %v", l.Name, got, me.Name(), l.Want)
	}
	// judge returns best play's result at pos, the solver's when it can
	// and try is set, the verdict's otherwise; solved says which.
	judge := func(pos *board.Position, try bool) (res semeai.Result, solved bool, err error) {
		if try {
			r := *a.Race
			r.Pos = pos
			res, err := semeai.Solve(ctx, &r, pos.ToMove(), SolveNodes)
			if err == nil {
				v.Solved++
				return res, true, nil
			}
			if !errors.Is(err, semeai.ErrSearchLimit) {
				return semeai.Neither, false, err
			}
		}
		r, err := semeai.NewRace(pos, l.Blocks[0], l.Blocks[1])
		if err != nil {
			return semeai.Neither, false, err
		}
		an, err := semeai.Analyze(ctx, r, semeai.Limits{})
		if err != nil {
			return semeai.Neither, false, err
		}
		v.Judged++
		if pos.ToMove() == board.White {
			return an.Verdict.WhiteFirst, false, nil
		}
		return an.Verdict.BlackFirst, false, nil
	}
	// play returns the positions after each move of seq, up to a capture.
	play := func(seq []board.Move, what string) ([]*board.Position, error) {
		var out []*board.Position
		pos := a.Race.Pos.Clone()
		for k, m := range seq {
			if err := pos.Play(m); err != nil {
				return nil, fmt.Errorf("lesson %s: %s move %d (%v): %w", l.Name, what, k+1, m, err)
			}
			if captured(pos, a.Race) {
				break
			}
			out = append(out, pos.Clone())
		}
		return out, nil
	}
	correct, err := play(l.Correct, "correct")
	if err != nil {
		return v, err
	}
	try := true
	for k := len(correct) - 1; k >= 0; k-- {
		res, solved, err := judge(correct[k], try)
		if err != nil {
			return v, fmt.Errorf("lesson %s: correct move %d: %w", l.Name, k+1, err)
		}
		try = solved
		if res != l.Want {
			return v, fmt.Errorf("lesson %s: correct move %d (%v): best play now gives %v, not %v", l.Name, k+1, l.Correct[k], res, l.Want)
		}
	}
	if res, _, err := judge(a.Race.Pos, try); err != nil || res != l.Want {
		return v, fmt.Errorf("lesson %s: the solver finds %v (%v), the lesson says %v", l.Name, res, err, l.Want)
	}
	failing, err := play(l.Failing, "failing")
	if err != nil {
		return v, err
	}
	if len(failing) > 0 {
		res, _, err := judge(failing[0], true)
		if err != nil {
			return v, fmt.Errorf("lesson %s: failing move 1: %w", l.Name, err)
		}
		if !gains(me.Opponent(), res, l.Want) {
			return v, fmt.Errorf("lesson %s: failing move 1 (%v): the mistake still gives %v", l.Name, l.Failing[0], res)
		}
	}
	return v, nil
}

// captured reports whether an essential block of r is gone from pos.
func captured(pos *board.Position, r *semeai.Race) bool {
	return pos.Cell(r.Black.Anchor()) == board.Empty || pos.Cell(r.White.Anchor()) == board.Empty
}

// gains reports whether result r is better for c than old: a result is
// the winner's colour, Black +1 and White −1, so Black gains as it grows.
func gains(c board.Color, r, old semeai.Result) bool {
	return int(r.Winner()-old.Winner())*int(c) > 0
}

// BundledRaces returns the capturing-race lessons shipped with moyo, in
// order.
func BundledRaces() ([]*RaceLesson, error) { return LoadRaces(assets.RaceLessons()) }

// LoadRaces parses every .txt file at the root of fsys as a race lesson,
// in order of file name.
func LoadRaces(fsys fs.FS) ([]*RaceLesson, error) {
	return load(fsys, "race lessons", ParseRace)
}

// The fields a race lesson has on top of every lesson's.
const (
	fieldBlocks  = "Blocks"
	fieldWant    = "Want"
	fieldCorrect = "Correct"
	fieldFailing = "Failing"
)

// ParseRace reads a race lesson; name is the file name, for errors and the
// lesson's Name. The format is that of the corridor lessons (see
// ParseCorridor) with four more fields, each holding its value on its
// line:
//
//	Title: Fill the outside liberties first
//	To-Move: Black
//	Blocks: B10 B8
//	Want: Black
//	Correct: B B7, W C11, B C7
//	Failing: B E9, W B7
//	Text:
//		Paragraphs, indented, blank lines between them.
//	Board:
//		O O O X X …
//
// Blocks names a stone of Black's and of White's essential block (points
// as board.ParsePoint reads them, D16); Want is the outcome of the correct
// sequence, Black, White or Neither (a seki); Correct and Failing are
// moves "B C11", separated by commas. Every field is required, once.
func ParseRace(name string, data []byte) (*RaceLesson, error) {
	p, f, err := readPage(name, data, fieldBlocks, fieldWant, fieldCorrect, fieldFailing)
	if err != nil {
		return nil, err
	}
	l := &RaceLesson{Page: p}
	size, toMove := p.Position.Size(), p.Position.ToMove()
	bs := strings.Fields(f.value[fieldBlocks])
	if len(bs) != 2 {
		return nil, f.errorf(f.line[fieldBlocks], "Blocks: want two points, got %q", f.value[fieldBlocks])
	}
	for k, s := range bs {
		if l.Blocks[k], err = board.ParsePoint(s, size); err != nil {
			return nil, f.errorf(f.line[fieldBlocks], "Blocks: %v", err)
		}
	}
	want, ok := map[string]semeai.Result{"Black": semeai.BlackCaptures, "White": semeai.WhiteCaptures, "Neither": semeai.Neither}[f.value[fieldWant]]
	if !ok {
		return nil, f.errorf(f.line[fieldWant], "Want %q is not Black, White or Neither", f.value[fieldWant])
	}
	l.Want = want
	for _, field := range []string{fieldCorrect, fieldFailing} {
		seq, err := parseMoves(f.value[field], size)
		if err != nil {
			return nil, f.errorf(f.line[field], "%s: %v", field, err)
		}
		if len(seq) == 0 {
			return nil, f.errorf(f.line[field], "%s: no moves", field)
		}
		if seq[0].Color != toMove {
			return nil, f.errorf(f.line[field], "%s starts with %v, but %s is to move", field, seq[0].Color, toMove.Name())
		}
		if field == fieldCorrect {
			l.Correct = seq
		} else {
			l.Failing = seq
		}
	}
	return l, nil
}

// parseMoves reads "B C11, W B7".
func parseMoves(s string, size int) ([]board.Move, error) {
	var out []board.Move
	for _, m := range strings.Split(s, ",") {
		f := strings.Fields(m)
		if len(f) != 2 {
			return nil, fmt.Errorf("%q is not a move such as \"B C11\"", strings.TrimSpace(m))
		}
		var c board.Color
		switch f[0] {
		case "B", "Black":
			c = board.Black
		case "W", "White":
			c = board.White
		default:
			return nil, fmt.Errorf("%q is not Black or White", f[0])
		}
		p, err := board.ParsePoint(f[1], size)
		if err != nil {
			return nil, err
		}
		out = append(out, board.Move{Color: c, Point: p})
	}
	return out, nil
}
