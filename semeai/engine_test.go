package semeai

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"moyo/board"
	"moyo/cgt"
)

// compareEngines plays every region of race r out with both engines, for
// each defender its game is played for, and reports any difference in the
// games, the first moves or the counts. It returns the number of region
// games compared.
func compareEngines(t *testing.T, name string, r *Race, lim Limits) int {
	t.Helper()
	n := 0
	for _, g := range r.Regions {
		defs := []board.Color{g.Defender}
		if g.Defender == board.Empty {
			defs = []board.Color{board.Black, board.White}
		}
		if g.Empty > 10 {
			continue // the board engine takes seconds; the races test these
		}
		for _, def := range defs {
			tb := cgt.NewTable()
			bg, ok := newBitGame(context.Background(), tb, r, g, def, 1)
			if !ok {
				continue
			}
			vb, ob, sb, errB := lcgWith(context.Background(), tb, r, g, def, lim, engineBoard)
			vf, of, sf, errF := lcgWith(context.Background(), tb, r, g, def, lim, engineBits)
			if errB != nil || errF != nil {
				if errors.Is(errB, ErrTooLarge) != errors.Is(errF, ErrTooLarge) {
					t.Errorf("%s, %s region %s for %v: board engine %v, bit engine %v", name, g.Kind, r.Describe(g), def, errB, errF)
				}
				continue
			}
			n++
			if vb != vf {
				t.Errorf("%s, %s region %s for %v: board engine %s, bit engine %s", name, g.Kind, r.Describe(g), def, vb, vf)
				continue
			}
			if len(ob) != len(of) {
				t.Errorf("%s, region %s for %v: %d first moves on the board, %d on bits", name, r.Describe(g), def, len(ob), len(of))
				continue
			}
			for k := range ob {
				if ob[k] != of[k] {
					t.Errorf("%s, region %s for %v: first move %d: board %v %v %s, bits %v %v %s", name, r.Describe(g), def, k, ob[k].Color, ob[k].Point, ob[k].Value, of[k].Color, of[k].Point, of[k].Value)
				}
			}
			// A symmetric region expands fewer positions, so only the
			// others count the same nodes.
			if sb.alive != sf.alive || len(bg.sym) == 0 && (sb.lastOnly != sf.lastOnly || sb.irregular != sf.irregular || sb.nodes != sf.nodes) {
				t.Errorf("%s, region %s for %v: board counts %+v, bit counts %+v", name, r.Describe(g), def, sb, sf)
			}
		}
	}
	return n
}

// TestEnginesAgree checks that the bit engine gives the board engine's
// games on every race of the tests and on random pockets with stones in
// them: captures, throw-ins, ko.
func TestEnginesAgree(t *testing.T) {
	n := 0
	for _, tt := range races {
		r := mustRace(t, tt.diag, tt.blocks[0], tt.blocks[1])
		n += compareEngines(t, tt.name, r, Limits{})
	}
	rng := rand.New(rand.NewPCG(4, 2))
	cell := func() byte {
		switch x := rng.IntN(10); {
		case x < 4:
			return '.'
		case x < 7:
			return 'X'
		}
		return 'O'
	}
	row := func() string {
		b := make([]byte, 5)
		for k := range b {
			b[k] = cell()
		}
		return string(b)
	}
	for trial := 0; trial < 300; trial++ {
		rows := [3]string{row(), row(), row()}
		pos, err := board.ParseDiagram(pocket(rows, "..XXX"))
		if err != nil {
			t.Fatal(err)
		}
		r, err := NewRace(pos, pocketBlocks[0], pocketBlocks[1])
		if err != nil {
			continue
		}
		n += compareEngines(t, "pocket "+rows[0]+"/"+rows[1]+"/"+rows[2], r, Limits{MaxNodes: 20_000})
	}
	t.Logf("%d region games compared", n)
}

// TestAssignInts checks the integer shortcut of assign against the rule
// on canonical forms, for both defenders, on every small set of integer
// options, the counts of life among them.
func TestAssignInts(t *testing.T) {
	tb := cgt.NewTable()
	vals := []int64{-AliveCount, -4, -2, -1, 0, 1, 2, 3, 5, AliveCount}
	sets := [][]int64{nil}
	for _, a := range vals {
		sets = append(sets, []int64{a})
		for _, b := range vals {
			if b > a {
				sets = append(sets, []int64{a, b})
			}
		}
	}
	games := func(ns []int64) []*cgt.Game {
		var gs []*cgt.Game
		for _, n := range ns {
			gs = append(gs, tb.Int(n))
		}
		return gs
	}
	n := 0
	for _, def := range []board.Color{board.Black, board.White} {
		for _, l := range sets {
			for _, r := range sets {
				fast := &scorer{tb: tb, def: def}
				g, ok := fast.assignInts(games(l), games(r))
				if !ok {
					continue
				}
				n++
				slow := &scorer{tb: tb, def: def}
				if want := slow.assignGames(games(l), games(r)); g != want || slow.alive || slow.irregular > 0 {
					t.Errorf("defender %v, {%v | %v}: shortcut %s, rule %s", def, l, r, g, want)
				}
			}
		}
	}
	if n < 1000 {
		t.Errorf("the shortcut took only %d nodes", n)
	}
}

// TestAssignMemoCut checks that assignMemo, which cuts each side's numbers
// to the best one before it looks its result up or computes it, gives the
// rule's game on the options as they are, with the same irregular and
// alive counts, for both defenders, on random option lists drawn from
// numbers, switches and games met in the regions of the tests (among them
// counts of life and options that tie on stop and mean).
func TestAssignMemoCut(t *testing.T) {
	tb := cgt.NewTable()
	var pool []*cgt.Game
	for _, s := range []string{"0", "1", "2", "3", "4", "5", "-1", "-3", "1/2", "1000", "1001", "-1000",
		"{4|1}", "{3|0}", "{4|1,{3|0}}", "{5|2,{4|1,{3|0}}}", "{1000|2}", "{1000|3,{1000|2}}",
		"{-1|-4}", "{0|-4}", "{-5|-9}", "1000*", "{1000*|2}", "{2|0}", "{3|1}", "*", "{4|0}", "{{6|3}|1}"} {
		g, err := tb.Parse(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		pool = append(pool, g)
	}
	rng := rand.New(rand.NewPCG(7, 1))
	pick := func() []*cgt.Game {
		gs := make([]*cgt.Game, rng.IntN(5))
		for i := range gs {
			gs[i] = pool[rng.IntN(len(pool))]
		}
		return gs
	}
	memo := [2]*scorer{{tb: tb, def: board.Black}, {tb: tb, def: board.White}}
	for trial := 0; trial < 20000; trial++ {
		l, r := pick(), pick()
		for _, m := range memo {
			slow := &scorer{tb: tb, def: m.def}
			want := slow.assignGames(l, r)
			irregular, alive := m.irregular, m.alive
			m.alive = false
			got := m.assignMemo(l, r)
			if got != want || m.irregular-irregular != slow.irregular || m.alive != slow.alive {
				t.Fatalf("defender %v, {%v | %v}: cut and remembered %s (irregular %d, alive %v), rule %s (%d, %v)",
					m.def, l, r, got, m.irregular-irregular, m.alive, want, slow.irregular, slow.alive)
			}
			m.alive = alive || m.alive
		}
	}
	if len(memo[0].assigned) < 1000 || len(memo[1].assigned) < 1000 {
		t.Errorf("only %d and %d option sets remembered", len(memo[0].assigned), len(memo[1].assigned))
	}
}
