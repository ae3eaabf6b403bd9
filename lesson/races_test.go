package lesson

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"moyo/board"
	"moyo/semeai"
)

// TestBundledRaces loads the shipped lessons and verifies each against
// the combinatorial verdict and the brute-force solver (RaceLesson.Verify).
func TestBundledRaces(t *testing.T) {
	ls, err := BundledRaces()
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) < 8 {
		t.Errorf("%d lessons, want at least 8", len(ls))
	}
	for _, l := range ls {
		if l.Title == "" || l.Text == "" || len(l.Correct) == 0 || len(l.Failing) == 0 {
			t.Errorf("%s: incomplete lesson", l.Name)
		}
		v, err := l.Check(context.Background())
		if err != nil {
			t.Error(err)
		}
		if v.Solved == 0 {
			t.Errorf("%s: the solver judged no position", l.Name)
		}
		if v.Judged > 0 {
			t.Logf("%s: %d positions judged by the brute-force solver, %d (too large for it) by the combinatorial verdict alone", l.Name, v.Solved, v.Judged)
		}
	}
}

func TestParseRaceErrors(t *testing.T) {
	good := "Title: T\nTo-Move: Black\nBlocks: A2 A1\nWant: Black\nCorrect: B B1\nFailing: B B2\nText:\n\tx\nBoard:\n\tX .\n\tO .\n"
	if _, err := ParseRace("x.txt", []byte(good)); err != nil {
		t.Fatalf("good lesson: %v", err)
	}
	tests := []struct{ edit, with, want string }{
		{"Want: Black", "Want: Both", `Want "Both" is not Black, White or Neither`},
		{"Blocks: A2 A1", "Blocks: A2", "Blocks: want two points"},
		{"Blocks: A2 A1", "Blocks: A2 Z9", `"Z9" is off the 2×2 board`},
		{"Correct: B B1", "Correct: W B1", "Correct starts with W, but Black is to move"},
		{"Failing: B B2", "Failing: B", `"B" is not a move`},
		{"Title: T\n", "", "missing field Title"},
		{"Title: T", "Colour: T", `unknown field "Colour"`},
	}
	for _, tt := range tests {
		_, err := ParseRace("x.txt", []byte(strings.Replace(good, tt.edit, tt.with, 1)))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q → %q: error %v, want %q", tt.edit, tt.with, err, tt.want)
		}
	}
}

// TestWholeBoardLesson pins the values lesson 10 states, computed from its
// position: the regions' games, their cooled sum and the tedomari; the
// solver confirms the sequences where it can (TestBundledRaces).
func TestWholeBoardLesson(t *testing.T) {
	ls, err := BundledRaces()
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(ls, func(l *RaceLesson) bool { return l.Name == "10-whole-board" })
	if i < 0 {
		t.Fatal("no lesson 10-whole-board")
	}
	a, err := ls[i].Analyze(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var games []string
	for _, g := range a.Regions {
		games = append(games, g.Game.String())
	}
	slices.Sort(games)
	if got, want := strings.Join(games, " "), "-7 1 1 {4|0} {6|3||1}"; got != want {
		t.Errorf("region games %s, want %s", got, want)
	}
	want, err := a.Table.Parse("-1/4*")
	if err != nil {
		t.Fatal(err)
	}
	if a.Cooled != want {
		t.Errorf("cooled sum %s, want -¼*", a.Cooled)
	}
	if m := a.Verdict.BlackMove; m == nil || m.Point.Label(a.Race.Pos.Size()) != "B9" || a.Verdict.BlackFirst != semeai.BlackCaptures || a.Verdict.WhiteFirst != semeai.WhiteCaptures {
		t.Errorf("verdict %+v, want Black first wins at B9 and White first wins", a.Verdict)
	}
}

// pointName matches a point named in a lesson's text: a column letter
// (Go skips I) and a row number.
var pointName = regexp.MustCompile(`\b[A-HJ-T](1[0-9]|[1-9])\b`)

// TestRaceTextPoints checks every point a race lesson's text names
// against its position: every point is on the board, and empty (a
// liberty, an eye, a move of the sequences) unless its sentence speaks of
// stones, a block, a group or a wall.
// Lesson 08 once called White's eye C7 and the shared liberties E9 and
// F9, where the board has them at D7, D9 and E9.
func TestRaceTextPoints(t *testing.T) {
	ls, err := BundledRaces()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		pos := l.Position
		for _, sentence := range regexp.MustCompile(`[.:;]\s`).Split(l.Text, -1) {
			stones := regexp.MustCompile(`(?i)\bstones?\b|\bblocks?\b|\bgroup\b|\bwall\b`).MatchString(sentence)
			for _, name := range pointName.FindAllString(sentence, -1) {
				p, err := board.ParsePoint(name, pos.Size())
				if err != nil {
					t.Errorf("%s: %q names %s, not a point of the %d×%d board", l.Name, sentence, name, pos.Size(), pos.Size())
					continue
				}
				if pos.At(p) != board.Empty && !stones {
					t.Errorf("%s: %q names %s, which holds a %s stone, as an empty point", l.Name, sentence, name, pos.At(p).Name())
				}
			}
		}
	}
}

// TestLearnerWords checks that no lesson's text uses the project's own
// words for its sources: the learner does not know what "the seed" or
// "Problem 5" is, and a repeated position is forbidden, not "banned".
func TestLearnerWords(t *testing.T) {
	jargon := regexp.MustCompile(`(?i)\bseeds?\b|\bproblem [0-9]|\bban\b|\bbanned\b`)
	races, err := BundledRaces()
	if err != nil {
		t.Fatal(err)
	}
	corridors, err := BundledCorridors()
	if err != nil {
		t.Fatal(err)
	}
	var pages []Page
	for _, l := range races {
		pages = append(pages, l.Page)
	}
	for _, l := range corridors {
		pages = append(pages, l.Page)
	}
	for _, p := range pages {
		if w := jargon.FindString(p.Title + "\n" + p.Text); w != "" {
			t.Errorf("%s: the text says %q", p.Name, w)
		}
	}
}

// TestRaceTerritoryAfterCorrect checks the territory each race lesson's
// regions are given (semeai.Analysis.Territory, the race panel's column)
// against the board after the lesson's correct sequence: a region the
// winner defends is counted for him only on points none of the loser's
// stones there, joined to a wall of his, holds (they live whoever wins);
// a region the winner attacks holds no such stone at all. Lesson 01 gave
// Black the three points B11 to D11, where White's correct replies B11
// and C11 join his wall.
func TestRaceTerritoryAfterCorrect(t *testing.T) {
	ls, err := BundledRaces()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		a, err := l.Analyze(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		tr, err := a.Territory(context.Background(), l.Position.ToMove())
		if err != nil {
			t.Fatal(err)
		}
		if tr.Winner == board.Empty {
			continue
		}
		loser := tr.Winner.Opponent()
		pos := l.Position.Clone()
		for _, m := range l.Correct {
			if pos.Play(m) != nil {
				break
			}
		}
		inRace := map[int]bool{}
		for _, g := range a.Regions {
			for _, i := range g.Points {
				inRace[i] = true
			}
		}
		for _, i := range a.Race.Block(loser).Stones {
			inRace[i] = true
		}
		chains, id := pos.Chains()
		for k, g := range a.Regions {
			rt := tr.Regions[k]
			if rt.Score == nil {
				continue
			}
			walled := 0 // the loser's stones in g joined to a wall
			for _, i := range g.Points {
				if pos.Cell(i) != loser {
					continue
				}
				if slices.ContainsFunc(chains[id[i]].Stones, func(s int) bool { return !inRace[s] }) {
					walled++
				}
			}
			free := 0 // the points rt.Score leaves to the loser
			if rt.Score == rt.Win {
				free = rt.Open
			}
			if walled > free {
				t.Errorf("%s: region %s is counted %s for %s, but after the correct sequence %d of its points hold %s stones joined to a wall",
					l.Name, a.Race.Describe(g.Region), rt.Score, tr.Winner.Name(), walled, loser.Name())
			}
		}
	}
}
