package semeai

import (
	"context"
	"errors"
	"testing"
	"time"

	"moyo/board"
	"moyo/gtp"
	"moyo/internal/testutil"
)

// TestSolveBothRefused takes two races of a real game (AlphaGo Master v Mi
// Yuting, move 195, in ../testdata/records) whose shared region has 19
// empty points, more than the analysis plays out, and checks that the
// search settles each within its quick limit, as the app and 'moyo
// semeai' then show it. The first is checked against the record's end
// too: White's capture of Black's block is what the game did.
func TestSolveBothRefused(t *testing.T) {
	rec := readRecord(t, "../testdata/records/29-2016.12.31-Master-Mi_Yuting.sgf")
	pos := rec.AfterMove(195).Position
	end := rec.AfterMove(rec.Moves()).Position
	tests := []struct {
		black, white string
		want         Outcomes
		text         string
		gone         bool // Black's block is off the board at the record's end
	}{
		{"J16", "J15", Outcomes{WhiteCaptures, WhiteCaptures}, "White captures, whoever moves first", true},
		{"K14", "K13", Outcomes{BlackCaptures, BlackCaptures}, "Black captures, whoever moves first", false},
	}
	for _, tt := range tests {
		b, w := vertex(t, tt.black), vertex(t, tt.white)
		r, err := NewRace(pos, b, w)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Analyze(context.Background(), r, Limits{}); !errors.Is(err, ErrTooLarge) || r.MostEmpty() != 19 {
			t.Errorf("%s v %s: Analyze says %v, largest region %d empty points; want a refusal at 19", tt.black, tt.white, err, r.MostEmpty())
		}
		points := 0
		for _, g := range r.Regions {
			points += len(g.Points)
		}
		if n := r.QuickSearchNodes(); n != QuickSearchWork/points {
			t.Errorf("%s v %s: QuickSearchNodes %d for %d points", tt.black, tt.white, n, points)
		}
		o, err := SolveBoth(context.Background(), r, r.QuickSearchNodes())
		if err != nil || o != tt.want || o.String() != tt.text {
			t.Errorf("%s v %s: %v (%q), %v; want %v", tt.black, tt.white, o, o.String(), err, tt.want)
		}
		if gone := end.At(b) == board.Empty; gone != tt.gone {
			t.Errorf("%s at the record's end: empty %v, want %v", tt.black, gone, tt.gone)
		}
	}
}

// TestOutcomes checks how Outcomes reads.
func TestOutcomes(t *testing.T) {
	tests := []struct {
		o    Outcomes
		text string
	}{
		{Outcomes{BlackCaptures, BlackCaptures}, "Black captures, whoever moves first"},
		{Outcomes{Neither, Neither}, "neither block is captured, whoever moves first"},
		{Outcomes{BlackCaptures, WhiteCaptures}, "Black moving first: Black captures; White moving first: White captures"},
		{Outcomes{BlackCaptures, Neither}, "Black moving first: Black captures; White moving first: neither is captured"},
	}
	for _, tt := range tests {
		if s := tt.o.String(); s != tt.text {
			t.Errorf("%+v: %q, want %q", tt.o, s, tt.text)
		}
		if tt.o.First(board.Black) != tt.o.BlackFirst || tt.o.First(board.White) != tt.o.WhiteFirst {
			t.Errorf("%+v: First gives %v and %v", tt.o, tt.o.First(board.Black), tt.o.First(board.White))
		}
		if v := (Verdict{BlackFirst: tt.o.BlackFirst, WhiteFirst: tt.o.WhiteFirst}); !tt.o.Agrees(v) {
			t.Errorf("%+v does not agree with its own verdict", tt.o)
		}
		// Another end with White first: the next of −1, 0, 1, round again.
		other := (tt.o.WhiteFirst+2)%3 - 1
		if v := (Verdict{BlackFirst: tt.o.BlackFirst, WhiteFirst: other}); tt.o.Agrees(v) {
			t.Errorf("%+v agrees with %+v", tt.o, v)
		}
	}
}

// TestSolveBothLimit checks that a search stopped by its limit says which
// side it was searching for.
func TestSolveBothLimit(t *testing.T) {
	r := mustRace(t, ". . . . .\n. X O . .\n. X O . .\n. . . . .\n. . . . .", board.Point{X: 1, Y: 1}, board.Point{X: 2, Y: 1})
	_, err := SolveBoth(context.Background(), r, 100)
	if !errors.Is(err, ErrSearchLimit) || err.Error() != "Black moving first: the search visited more than 100 positions: search limit" {
		t.Errorf("error %v", err)
	}
}

// readRecord reads the game record at path.
var readRecord = testutil.ReadRecord

// recordAnalysis analyses the race of the record at path after move,
// between the blocks holding black and white (points as GTP writes them).
func recordAnalysis(t testing.TB, path string, move int, black, white string) (*Race, *Analysis) {
	t.Helper()
	return editedAnalysis(t, path, move, black, white, nil)
}

// editedAnalysis is recordAnalysis on the position after move with the
// stones of set placed (board.Empty removes one).
func editedAnalysis(t testing.TB, path string, move int, black, white string, set map[string]board.Color) (*Race, *Analysis) {
	t.Helper()
	pos := readRecord(t, path).AfterMove(move).Position.Clone()
	for v, c := range set {
		if err := pos.Set(vertexOn(t, v, pos.Size()), c); err != nil {
			t.Fatal(err)
		}
	}
	r, err := NewRace(pos, vertexOn(t, black, pos.Size()), vertexOn(t, white, pos.Size()))
	if err != nil {
		t.Fatal(err)
	}
	// The tests read the count: it has the time it needs, however loaded
	// the machine.
	a, err := Analyze(context.Background(), r, Limits{CountTime: 10 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	return r, a
}

// vertex reads a point of a 19×19 board as GTP writes it: "Q16".
func vertex(t testing.TB, s string) board.Point {
	t.Helper()
	return vertexOn(t, s, 19)
}

// vertexOn is vertex on a board of the given size.
func vertexOn(t testing.TB, s string, size int) board.Point {
	t.Helper()
	p, pass, err := gtp.ParseVertex(s, size)
	if err != nil || pass {
		t.Fatalf("%s: %v", s, err)
	}
	return p
}

// TestSearchBothMoves: the search names a capturing first move for each
// side that captures moving first, and none for a side that does not; on
// the refused races of TestSolveBothRefused, each move named, played,
// captures at once or leaves a race its side still captures with the
// other side to move.
func TestSearchBothMoves(t *testing.T) {
	pos := readRecord(t, "../testdata/records/29-2016.12.31-Master-Mi_Yuting.sgf").AfterMove(195).Position
	for _, tt := range []struct {
		black, white string
		capturer     board.Color
	}{
		{"J16", "J15", board.White},
		{"K14", "K13", board.Black},
	} {
		r, err := NewRace(pos, vertex(t, tt.black), vertex(t, tt.white))
		if err != nil {
			t.Fatal(err)
		}
		s, err := SearchBoth(context.Background(), r, r.QuickSearchNodes())
		if err != nil {
			t.Fatal(err)
		}
		if s.Move(tt.capturer.Opponent()) != nil {
			t.Errorf("%s v %s: a move %v for the side that is captured", tt.black, tt.white, s.Move(tt.capturer.Opponent()))
		}
		m := s.Move(tt.capturer)
		if m == nil {
			t.Fatalf("%s v %s: no capturing move for %v", tt.black, tt.white, tt.capturer)
		}
		after := pos.Clone()
		if err := after.SetToMove(tt.capturer); err != nil {
			t.Fatal(err)
		}
		if err := after.Play(board.Move{Color: tt.capturer, Point: *m}); err != nil {
			t.Fatalf("%s v %s: the move %v: %v", tt.black, tt.white, m.Label(19), err)
		}
		loser := vertex(t, tt.black)
		if tt.capturer == board.Black {
			loser = vertex(t, tt.white)
		}
		if after.At(loser) == board.Empty {
			continue // the move captures at once (both do here: L16 and K12)
		}
		ra, err := NewRace(after, vertex(t, tt.black), vertex(t, tt.white))
		if err != nil {
			t.Fatalf("%s v %s after %v: %v", tt.black, tt.white, m.Label(19), err)
		}
		if got, err := Solve(context.Background(), ra, tt.capturer.Opponent(), r.QuickSearchNodes()); err != nil || got != Result(tt.capturer) {
			t.Errorf("%s v %s after %v: %v, %v; want %v to capture", tt.black, tt.white, m.Label(19), got, err, tt.capturer)
		}
	}
}

// TestSearchStringKo: a side whose end a ko decides is said to be a ko,
// with both its ends, not the end of the first mover winning it alone
// (AlphaGo Zero's Fig. 5c game after move 200, O3 v R2, Black first,
// which an exhaustive search of some 5 million positions finds so).
func TestSearchStringKo(t *testing.T) {
	for _, tt := range []struct {
		s    Search
		want string
	}{
		{Search{Outcomes: Outcomes{Neither, WhiteCaptures}, Kinds: [2]SettleKind{Ko, Capture}, Bounds: [2]Bound{NewBound(WhiteCaptures, Neither), NewBound(WhiteCaptures, WhiteCaptures)}},
			"Black moving first: a ko: neither is captured if Black wins it, White captures if White does; White moving first: White captures"},
		{Search{Outcomes: Outcomes{BlackCaptures, BlackCaptures}, Kinds: [2]SettleKind{Capture, Capture}},
			"Black captures, whoever moves first"},
	} {
		if got := tt.s.String(); got != tt.want {
			t.Errorf("got %q\nwant %q", got, tt.want)
		}
		// JSON gives the ko's two ends, White's win first.
		kos := koReports(tt.s)
		if tt.s.Kinds[0] == Ko && (len(kos) != 1 || kos[0] != BoundReport{First: "B", AtLeast: "W", AtMost: "-"}) {
			t.Errorf("kos %+v", kos)
		}
	}
}
