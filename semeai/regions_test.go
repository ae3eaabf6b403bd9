package semeai

import (
	"context"
	"testing"

	"moyo/cgt"
)

// TestRegionValuesConcurrent checks that the regions' games played out at
// the same time (every region, whatever its size), each in a table of its
// own and copied into the analysis's, are the games lcg gives one after
// the other in that table,
// with the same first moves and counts, on every race of the tests; and
// that with a limit some regions exceed, the error is the first such
// region's, as one after the other.
func TestRegionValuesConcurrent(t *testing.T) {
	n, errs := 0, 0
	for _, tt := range races {
		r := mustRace(t, tt.diag, tt.blocks[0], tt.blocks[1])
		for _, lim := range []Limits{{}, {MaxNodes: 30}, {MaxEmpty: 2}} {
			tb := cgt.NewTable()
			got, errC := regionValues(context.Background(), tb, r, lim, 0)
			want, errS := regionValuesInTurn(context.Background(), tb, r, lim)
			if errC != nil || errS != nil {
				if errC == nil || errS == nil || errC.Error() != errS.Error() {
					t.Errorf("%s, %+v: concurrent error %v, one after the other %v", tt.name, lim, errC, errS)
				}
				errs++
				continue
			}
			for k := range want {
				g, w := got[k], want[k]
				n++
				if g.Game != w.Game || g.Alive != w.Alive || g.Irregular != w.Irregular || g.LastOnly != w.LastOnly || g.Cycles != w.Cycles || g.Nodes != w.Nodes {
					t.Errorf("%s, %+v, region %s: concurrent %s %+v, one after the other %s %+v", tt.name, lim, r.Describe(w.Region), g.Game, g, w.Game, w)
					continue
				}
				if len(g.Options) != len(w.Options) {
					t.Errorf("%s, region %s: %d options, want %d", tt.name, r.Describe(w.Region), len(g.Options), len(w.Options))
					continue
				}
				for i := range w.Options {
					if g.Options[i] != w.Options[i] {
						t.Errorf("%s, region %s: option %d is %+v, want %+v", tt.name, r.Describe(w.Region), i, g.Options[i], w.Options[i])
					}
				}
			}
		}
	}
	if n < 100 || errs < 20 {
		t.Errorf("only %d regions and %d errors compared", n, errs)
	}
	t.Logf("%d regions and %d errors compared", n, errs)
}
