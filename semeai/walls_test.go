package semeai

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"moyo/board"
)

// ogsCorner is the final position of online-go.com game 13647304 (the
// shared corpus's final-positions-ogs, from online-go/score-estimator's
// test_games, MIT), Black to move. The players removed Black C8 D8 D7
// and A5 B5 B6 C6: Black's chain A5 B5 B6 C6 has one liberty, A4, in
// White's corner, where White fills it at leisure.
const ogsCorner = `..O.OOXX.
.OXXOXX.O
...XOOXXX
.XXO.OOOX
XXOO...OO
.O..OOOXO
..OOXXXXX
...OOX.X.
...OXX...`

// TestFillableWall checks which walls build takes into the race: one
// whose every liberty outside the regions lies in a small area only the
// opponent walls in is in play, with that area; one with a liberty in
// its own territory, or in an area too large, stays a wall.
func TestFillableWall(t *testing.T) {
	tests := []struct {
		name         string
		diag         string
		black, white string
		wall, area   string // a stone of the wall and a point of the area
		inPlay       bool
	}{
		{"a liberty in the opponent's corner", ogsCorner, "C8", "E9", "A5", "A4", true},
		{"a liberty in its own territory", `..O.OOXX.
.OXXOXX.O
...XOOXXX
.XXO.OOOX
XXOO...OO
.XX.OOOXO
.X.XXXXXX
X..XOX.X.
...XXX...`, "C8", "E9", "A5", "A4", false},
		{"a liberty in an area too large", `..O.OOXX.....
.OXXOXX.O....
...XOOXXX....
.XXO.OOOX....
XXOO...OO....
.O..OOOXO....
..OOXXXXX....
...OOX.X.....
...OXX.......
...O.........
...O.........
...O.........
...O.........`, "C12", "E13", "A9", "A8", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pos, err := board.ParseDiagram(tt.diag)
			if err != nil {
				t.Fatal(err)
			}
			at := func(s string) board.Point {
				p, err := board.ParsePoint(s, pos.Size())
				if err != nil {
					t.Fatal(err)
				}
				return p
			}
			r, err := NewRace(pos, at(tt.black), at(tt.white))
			if err != nil {
				t.Fatal(err)
			}
			chains, id := pos.Chains()
			wall := chains[id[pos.Index(at(tt.wall))]]
			loose := slices.ContainsFunc(r.Loose, func(i int) bool { return id[i] == id[wall.Stones[0]] })
			area := pos.Index(at(tt.area))
			inRegion := slices.ContainsFunc(r.Regions, func(g Region) bool {
				_, ok := slices.BinarySearch(g.Points, area)
				return ok
			})
			if loose != tt.inPlay || inRegion != tt.inPlay {
				t.Errorf("wall %s in play %v, area %s in a region %v; want both %v", tt.wall, loose, tt.area, inRegion, tt.inPlay)
			}
		})
	}
}

// TestSettleFillableWall checks the search where a wall's liberty
// outside the regions lies in the opponent's area. In ogsCorner, White
// captures Black's block whoever moves first, filling the liberty of
// Black's wall in White's corner (the players' verdict; Black first
// takes the search past 200,000 positions); taking that wall for safe,
// the search had Black live. In Park Junghwan v Master after move
// 105 (D13 v C15), White's wall E14 has its one liberty outside the
// race at F14, which Black fills from his own stones: White's block,
// whose one liberty D14 joins it to E14, is captured whoever moves first,
// as GNU Go 3.8 reads it.
func TestSettleFillableWall(t *testing.T) {
	pos, err := board.ParseDiagram(ogsCorner)
	if err != nil {
		t.Fatal(err)
	}
	corner, err := NewRace(pos, board.Point{X: 2, Y: 1}, board.Point{X: 4, Y: 0})
	if err != nil {
		t.Fatal(err)
	}
	park := readRecord(t, "../testdata/records/48-2017.01.03-Master-Park_Jung-hwan.sgf").AfterMove(105).Position
	game, err := NewRace(park, vertex(t, "D13"), vertex(t, "C15"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name  string
		r     *Race
		first board.Color
		nodes int
		want  Result
	}{
		{"ogsCorner, White first", corner, board.White, 0, WhiteCaptures},
		{"ogsCorner, Black first", corner, board.Black, 5_000_000, WhiteCaptures},
		{"Park v Master 105, Black first", game, board.Black, 0, BlackCaptures},
		{"Park v Master 105, White first", game, board.White, 0, BlackCaptures},
	} {
		if tt.nodes > 0 && testing.Short() {
			t.Logf("SKIP %s: a search of some seconds in -short mode", tt.name)
			continue
		}
		st, err := Settle(context.Background(), tt.r, tt.first, SettleLimits{Nodes: tt.nodes})
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if st.Result != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, st.Result, tt.want)
		}
	}
}

// TestSettleWallBeyond checks what moyo says where the search's end
// hangs on a wall it takes for safe (checkWalls). In AlphaGo v AlphaGo
// game 20 after move 240 (testdata), White's ten stones from R5 to S10
// wall Black's R4 block in, with one liberty in the race, T5, and two
// beyond it, T7 and T8, which the search never plays. Taking them for
// safe, White captures whoever moves first; with a Black stone at T7 or
// at T8, neither block is captured whoever moves first (KataGo, reading
// the whole board, has Black's block living). The check tries T8 first,
// and the refusal names it, saying what the search with it settled
// within the check's limit. In game 9 after move 240,
// Q11 v O9, Black's wall at S6 has one liberty beyond the race, Q3:
// neither block is captured, and with a White stone at Q3 White moving
// first captures. Both races are refused with RefusedWallBeyond, both
// ends told. In Gu Li v Master
// after move 150, M11 v N12, filling both liberties of Black's O12
// beyond the race, O13 and P12, changes White's end to a ko, but
// neither alone does: Black answers the first, and the search's answer
// stands.
func TestSettleWallBeyond(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP searches of some seconds in -short mode")
	}
	for _, tc := range []struct {
		record, black, white string
		move                 int
		mover                board.Color // who plays beyond the race, on the other's wall
		settled              [2]Result   // SettleBoth's, the walls taken for safe
		point                string      // the move beyond the race that changes them, or ""
		then                 [2]Result   // the ends after it
		words                string      // what the refusal says of them
	}{
		{"testdata/AG-vs-AG-G20.sgf", "R4", "P5", 240, board.Black, [2]Result{WhiteCaptures, WhiteCaptures}, "T8", [2]Result{Neither, Neither},
			"As it stands, White captures, whoever moves first; if Black plays T8 first, White moving first, neither is captured (the rest was not settled within the check's limit)"},
		{"testdata/AG-vs-AG-G09.sgf", "Q11", "O9", 240, board.White, [2]Result{Neither, Neither}, "Q3", [2]Result{Neither, WhiteCaptures},
			"if White plays Q3 first, Black moving first: neither is captured; White moving first: White captures"},
		{"../testdata/records/60-2017.01.04-Master-Gu_Li.sgf", "M11", "N12", 150, board.White, [2]Result{BlackCaptures, Neither}, "", [2]Result{}, ""},
	} {
		name := fmt.Sprintf("%s after move %d, %s v %s", tc.record, tc.move, tc.black, tc.white)
		pos := readRecord(t, tc.record).AfterMove(tc.move).Position
		r, err := NewRace(pos, vertex(t, tc.black), vertex(t, tc.white))
		if err != nil {
			t.Fatal(err)
		}
		settle := func(r *Race) [2]Result {
			st, err := SettleBoth(context.Background(), r, SettleLimits{})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			return [2]Result{st[0].Result, st[1].Result}
		}
		if got := settle(r); got != tc.settled {
			t.Errorf("%s: the search, walls taken for safe: %v, want %v", name, got, tc.settled)
		}
		s, err := SearchBoth(context.Background(), r, 0)
		if tc.point == "" {
			if err != nil || s.BlackFirst != tc.settled[0] || s.WhiteFirst != tc.settled[1] {
				t.Errorf("%s: %v, %v; want the search's answer to stand", name, s, err)
			}
			// Filled all at once, the walls' liberties do change it.
			var st [2]Settlement
			st[0].Bound, st[1].Bound = NewBound(tc.settled[0], tc.settled[0]), NewBound(tc.settled[1], tc.settled[1])
			c := tc.mover.Opponent()
			_, outside := r.wallsBeyond(c)
			all, played := fillBeyond(r, c, outside)
			fr, err := NewRace(all, vertex(t, tc.black), vertex(t, tc.white))
			if err != nil {
				t.Fatal(err)
			}
			if _, _, changed, err := settleChanged(context.Background(), fr, st, SettleLimits{}); err != nil || !changed || len(played) < 2 {
				t.Errorf("%s: %v filled: changed %v, %v; want a change that takes two moves", name, played, changed, err)
			}
			continue
		}
		if RefusalCodeOf(err) != RefusedWallBeyond || !strings.Contains(err.Error(), tc.words) {
			t.Errorf("%s: %v; want %s, saying %q", name, err, RefusedWallBeyond, tc.words)
		}
		// The move is the error's, and the refusal's JSON.
		move := board.Move{Color: tc.mover, Point: vertex(t, tc.point)}
		if re := (*RaceError)(nil); !errors.As(err, &re) || re.Beyond == nil || *re.Beyond != move {
			t.Errorf("%s: the move beyond %+v, want %v", name, re, move)
		}
		if rf := NewRefusal(r, err); rf.Beyond == nil || *rf.Beyond != (BeyondReport{Color: tc.mover.String(), Point: tc.point}) || rf.BeyondMove() == nil || *rf.BeyondMove() != move {
			t.Errorf("%s: the refusal's move beyond %+v, want %v", name, rf.Beyond, move)
		}
		filled := pos.Clone()
		if err := filled.Play(board.Move{Color: tc.mover, Point: vertex(t, tc.point)}); err != nil {
			t.Fatal(err)
		}
		filled.SetToMove(pos.ToMove())
		r2, err := NewRace(filled, vertex(t, tc.black), vertex(t, tc.white))
		if err != nil {
			t.Fatal(err)
		}
		if got := settle(r2); got != tc.then {
			t.Errorf("%s, %s filled: %v, want %v", name, tc.point, got, tc.then)
		}
	}
}

// BenchmarkCheckWalls times the check of the search's ends against the
// walls beyond the race (checkWalls) on TestSettleWallBeyond's races,
// each settled beforehand: game 20's, whose search with Black at T8
// settles what changes the end only in part, within the check's limit,
// is the slowest.
//
//	go test ./semeai -run '^$' -bench CheckWalls -benchtime 1x -v
func BenchmarkCheckWalls(b *testing.B) {
	for _, tc := range []struct {
		name, record, black, white string
		move                       int
	}{
		{"G20-240", "testdata/AG-vs-AG-G20.sgf", "R4", "P5", 240},
		{"G09-240", "testdata/AG-vs-AG-G09.sgf", "Q11", "O9", 240},
		{"GuLi-150", "../testdata/records/60-2017.01.04-Master-Gu_Li.sgf", "M11", "N12", 150},
	} {
		b.Run(tc.name, func(b *testing.B) {
			r, err := NewRace(readRecord(b, tc.record).AfterMove(tc.move).Position, vertex(b, tc.black), vertex(b, tc.white))
			if err != nil {
				b.Fatal(err)
			}
			st, err := SettleBoth(context.Background(), r, SettleLimits{})
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := checkWalls(context.Background(), r, st, SettleLimits{}); err != nil && RefusalCodeOf(err) != RefusedWallBeyond {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestSearchUnchecked checks what moyo says where the check against the
// walls beyond the race stops at its limit. In AlphaGo v AlphaGo game 10
// after move 200 (testdata), K12 v K13, White captures whoever moves
// first, but whether a Black stone at H9, on a liberty of White's J10
// beyond the race, changes that is more than the check's search settles
// within its limit; KataGo, reading the whole board, has Black's K12
// living. The answer stands, and the search, the report's check line and
// its JSON say which move it was not checked against.
func TestSearchUnchecked(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP searches of some seconds in -short mode")
	}
	pos := readRecord(t, "testdata/AG-vs-AG-G10.sgf").AfterMove(200).Position
	r, err := NewRace(pos, vertex(t, "K12"), vertex(t, "K13"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	want := []board.Move{{Color: board.Black, Point: vertex(t, "H9")}}
	s, err := SearchBoth(ctx, r, 0)
	if err != nil || s.BlackFirst != WhiteCaptures || s.WhiteFirst != WhiteCaptures || !slices.Equal(s.Unchecked, want) {
		t.Fatalf("SearchBoth: %v, unchecked %v, %v; want White captures whoever moves first, unchecked %v", s, s.Unchecked, err, want)
	}
	a, err := Analyze(ctx, r, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.Unchecked, want) {
		t.Errorf("Analyze: unchecked %v, want %v", a.Unchecked, want)
	}
	rep, err := NewReport(ctx, a, pos.ToMove())
	if err != nil {
		t.Fatal(err)
	}
	cs, nodes, err := a.CheckSearch(ctx, r.CheckNodes())
	rep = rep.AddSearch(cs, err, nodes)
	const words = "The search did not settle whether a Black stone at H9, played outside the race, would change this end."
	if line := rep.CheckLine(); !strings.HasPrefix(line, "An exhaustive search agrees.") || !strings.HasSuffix(line, words) {
		t.Errorf("check line %q; want agreement, then %q", line, words)
	}
	if got := rep.Search.Unchecked; !slices.Equal(got, []BeyondReport{{Color: "B", Point: "H9"}}) {
		t.Errorf("the report's unchecked moves %v, want B H9", got)
	}
}

// TestUncheckedLine checks how the moves a search's ends are not checked
// against are listed.
func TestUncheckedLine(t *testing.T) {
	h9, q3, t7 := vertex(t, "H9"), vertex(t, "Q3"), vertex(t, "T7")
	for _, tc := range []struct {
		moves []board.Move
		want  string
	}{
		{nil, ""},
		{[]board.Move{{Color: board.Black, Point: h9}}, " The search did not settle whether a Black stone at H9, played outside"},
		{[]board.Move{{Color: board.Black, Point: h9}, {Color: board.White, Point: q3}}, " The search did not settle whether a Black stone at H9 or a White stone at Q3, played"},
		{[]board.Move{{Color: board.Black, Point: h9}, {Color: board.White, Point: q3}, {Color: board.Black, Point: t7}}, " The search did not settle whether a Black stone at H9, a White stone at Q3 or a Black stone at T7, played"},
	} {
		got := uncheckedLine(Search{Unchecked: tc.moves}, 19)
		if tc.want == "" && got != "" || !strings.HasPrefix(got, tc.want) {
			t.Errorf("%v: %q, want it to begin %q", tc.moves, got, tc.want)
		}
	}
}
