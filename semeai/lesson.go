package semeai

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"moyo/assets"
	"moyo/board"
)

// Lesson is a capturing race to study: a position, its two essential
// blocks, a few sentences, and two sequences to step through, the correct
// one and a failing one. Its values are not stored: Analyze computes them.
type Lesson struct {
	// Name is the file name without its extension; lessons sort by it.
	Name  string
	Title string
	// Text is paragraphs separated by blank lines, each on one line.
	Text string
	// Position is the board with the side to move set.
	Position *board.Position
	// Blocks are a stone of Black's and of White's essential block.
	Blocks [2]board.Point
	// Correct is the sequence that wins the race (or holds the seki) for
	// the side to move; Failing starts with a plausible mistake of that
	// side and shows how it loses.
	Correct, Failing []board.Move
	// Want is the outcome of Correct with best play after it, which
	// Verify checks: the side to move captures, or Neither for a seki.
	Want Result
}

// Race returns the lesson's race.
func (l *Lesson) Race() (*Race, error) {
	r, err := NewRace(l.Position, l.Blocks[0], l.Blocks[1])
	if err != nil {
		return nil, fmt.Errorf("lesson %s: %w", l.Name, err)
	}
	return r, nil
}

// Analyze computes the lesson's liberty counting games and verdict.
func (l *Lesson) Analyze(ctx context.Context) (*Analysis, error) {
	r, err := l.Race()
	if err != nil {
		return nil, err
	}
	a, err := Analyze(ctx, r, Limits{})
	if err != nil {
		return nil, fmt.Errorf("lesson %s: %w", l.Name, err)
	}
	return a, nil
}

// LessonSolveNodes bounds the positions the brute-force solver may visit
// for one position of a lesson (see Lesson.Check).
const LessonSolveNodes = 1_000_000

// Verification says how Check judged a lesson's positions: Solved by the
// brute-force solver, Judged by the combinatorial verdict alone where the
// solver would need more than LessonSolveNodes positions (a whole-board
// race, before its hot regions are settled).
type Verification struct {
	Solved, Judged int
}

// Verify is Check without its counts.
func (l *Lesson) Verify(ctx context.Context) error {
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
func (l *Lesson) Check(ctx context.Context) (Verification, error) {
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
	judge := func(pos *board.Position, try bool) (res Result, solved bool, err error) {
		if try {
			r := *a.Race
			r.Pos = pos
			res, err := Solve(ctx, &r, pos.ToMove(), LessonSolveNodes)
			if err == nil {
				v.Solved++
				return res, true, nil
			}
			if !errors.Is(err, ErrSearchLimit) {
				return Neither, false, err
			}
		}
		r, err := NewRace(pos, l.Blocks[0], l.Blocks[1])
		if err != nil {
			return Neither, false, err
		}
		an, err := Analyze(ctx, r, Limits{})
		if err != nil {
			return Neither, false, err
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
		if !better(res, l.Want, me.Opponent()) {
			return v, fmt.Errorf("lesson %s: failing move 1 (%v): the mistake still gives %v", l.Name, l.Failing[0], res)
		}
	}
	return v, nil
}

// captured reports whether an essential block of r is gone from pos.
func captured(pos *board.Position, r *Race) bool {
	return pos.Cell(r.Black.Anchor()) == board.Empty || pos.Cell(r.White.Anchor()) == board.Empty
}

// BundledLessons returns the capturing-race lessons shipped with moyo, in
// order.
func BundledLessons() ([]*Lesson, error) { return LoadLessons(assets.SemeaiLessons()) }

// LoadLessons parses every .txt file at the root of fsys as a lesson, in
// order of file name.
func LoadLessons(fsys fs.FS) ([]*Lesson, error) {
	names, err := fs.Glob(fsys, "*.txt")
	if err != nil {
		return nil, fmt.Errorf("semeai lessons: %w", err)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("semeai lessons: no .txt files")
	}
	var out []*Lesson
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("semeai lessons: %w", err)
		}
		l, err := ParseLesson(name, data)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, nil
}

// ParseLesson reads a lesson; name is the file name, for errors and the
// lesson's Name. The format is that of the corridor lessons (package
// lesson) with four more fields:
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
// Blocks names a stone of Black's and of White's essential block (GTP
// points, as D16); Want is the outcome of the correct sequence, Black,
// White or Neither (a seki); Correct and Failing are moves "B C11",
// separated by commas. Every field is required, once.
func ParseLesson(name string, data []byte) (*Lesson, error) {
	l := &Lesson{Name: strings.TrimSuffix(path.Base(name), path.Ext(name))}
	fields := map[string]string{}
	line := map[string]int{}
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	errorf := func(i int, format string, a ...any) error {
		return fmt.Errorf("%s:%d: %s", name, i+1, fmt.Sprintf(format, a...))
	}
	for i := 0; i < len(lines); i++ {
		s := lines[i]
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		if s[0] == ' ' || s[0] == '\t' {
			return nil, errorf(i, "indented line outside a Text or Board block")
		}
		key, value, ok := strings.Cut(s, ":")
		if !ok {
			return nil, errorf(i, "want a field such as %q, got %q", "Title: …", s)
		}
		if j, dup := line[key]; dup {
			return nil, errorf(i, "second %s field (the first is on line %d)", key, j+1)
		}
		line[key] = i
		switch key {
		case "Text", "Board":
			var block []string
			for i+1 < len(lines) && (strings.TrimSpace(lines[i+1]) == "" || lines[i+1][0] == ' ' || lines[i+1][0] == '\t') {
				i++
				block = append(block, lines[i])
			}
			value = strings.Join(block, "\n")
		case "Title", "To-Move", "Blocks", "Want", "Correct", "Failing":
		default:
			return nil, errorf(i, "unknown field %q", key)
		}
		fields[key] = strings.TrimSpace(value)
	}
	for _, f := range []string{"Title", "To-Move", "Blocks", "Want", "Correct", "Failing", "Text", "Board"} {
		if _, ok := fields[f]; !ok {
			return nil, fmt.Errorf("%s: missing field %s", name, f)
		}
	}
	l.Title = fields["Title"]
	l.Text = paragraphs(fields["Text"])
	pos, err := board.ParseDiagram(fields["Board"])
	if err != nil {
		return nil, errorf(line["Board"], "%v", err)
	}
	toMove, err := parseColor(fields["To-Move"])
	if err != nil {
		return nil, errorf(line["To-Move"], "To-Move: %v", err)
	}
	pos.SetToMove(toMove)
	l.Position = pos
	bs := strings.Fields(fields["Blocks"])
	if len(bs) != 2 {
		return nil, errorf(line["Blocks"], "Blocks: want two points, got %q", fields["Blocks"])
	}
	for k, s := range bs {
		if l.Blocks[k], err = board.ParsePoint(s, pos.Size()); err != nil {
			return nil, errorf(line["Blocks"], "Blocks: %v", err)
		}
	}
	switch fields["Want"] {
	case "Black":
		l.Want = BlackCaptures
	case "White":
		l.Want = WhiteCaptures
	case "Neither":
		l.Want = Neither
	default:
		return nil, errorf(line["Want"], "Want %q is not Black, White or Neither", fields["Want"])
	}
	for _, f := range []string{"Correct", "Failing"} {
		seq, err := parseMoves(fields[f], pos.Size())
		if err != nil {
			return nil, errorf(line[f], "%s: %v", f, err)
		}
		if len(seq) == 0 {
			return nil, errorf(line[f], "%s: no moves", f)
		}
		if seq[0].Color != toMove {
			return nil, errorf(line[f], "%s starts with %v, but %s is to move", f, seq[0].Color, toMove.Name())
		}
		if f == "Correct" {
			l.Correct = seq
		} else {
			l.Failing = seq
		}
	}
	return l, nil
}

// paragraphs joins a block's lines into paragraphs separated by blank
// lines.
func paragraphs(block string) string {
	var paras, cur []string
	for _, s := range strings.Split(block, "\n") {
		if s = strings.TrimSpace(s); s != "" {
			cur = append(cur, s)
		} else if len(cur) > 0 {
			paras = append(paras, strings.Join(cur, " "))
			cur = nil
		}
	}
	if len(cur) > 0 {
		paras = append(paras, strings.Join(cur, " "))
	}
	return strings.Join(paras, "\n\n")
}

func parseColor(s string) (board.Color, error) {
	switch s {
	case "Black", "B":
		return board.Black, nil
	case "White", "W":
		return board.White, nil
	}
	return board.Empty, fmt.Errorf("%q is not Black or White", s)
}

// parseMoves reads "B C11, W B7".
func parseMoves(s string, size int) ([]board.Move, error) {
	var out []board.Move
	for _, m := range strings.Split(s, ",") {
		f := strings.Fields(m)
		if len(f) != 2 {
			return nil, fmt.Errorf("%q is not a move such as \"B C11\"", strings.TrimSpace(m))
		}
		c, err := parseColor(f[0])
		if err != nil {
			return nil, err
		}
		p, err := board.ParsePoint(f[1], size)
		if err != nil {
			return nil, err
		}
		out = append(out, board.Move{Color: c, Point: p})
	}
	return out, nil
}
