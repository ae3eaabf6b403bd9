package semeai

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"moyo/board"
)

// TestBound: what a bound admits, and how it is said.
func TestBound(t *testing.T) {
	for _, tt := range []struct {
		b      Bound
		admits [3]bool // WhiteCaptures, Neither, BlackCaptures
		known  bool
		words  string
	}{
		{Bound{}, [3]bool{true, true, true}, false, "not settled"},
		{NewBound(WhiteCaptures, BlackCaptures), [3]bool{true, true, true}, false, "not settled"},
		{NewBound(Neither, BlackCaptures), [3]bool{false, true, true}, true, "Black's block is not captured (whether White's is was not settled)"},
		{NewBound(WhiteCaptures, Neither), [3]bool{true, true, false}, true, "White's block is not captured (whether Black's is was not settled)"},
		{NewBound(Neither, Neither), [3]bool{false, true, false}, true, "neither is captured"},
		{NewBound(BlackCaptures, BlackCaptures), [3]bool{false, false, true}, true, "Black captures"},
		{NewBound(WhiteCaptures, WhiteCaptures), [3]bool{true, false, false}, true, "White captures"},
	} {
		for k, r := range []Result{WhiteCaptures, Neither, BlackCaptures} {
			if got := tt.b.Admits(r); got != tt.admits[k] {
				t.Errorf("%v admits %v: %v, want %v", tt.b, r, got, tt.admits[k])
			}
		}
		if tt.b.Known() != tt.known || tt.b.String() != tt.words {
			t.Errorf("%+v: known %v %q, want %v %q", tt.b, tt.b.Known(), tt.b.String(), tt.known, tt.words)
		}
	}
}

// TestSettleBoundsSound: a search stopped at its limit says only what
// it settled. Every race of the table and the textbook shapes, each
// side moving first, within a few small limits: where the search stops,
// its bound admits the end the full search finds, and a bound of one end
// is that end. Small limits stop many of them half-way, where one of the
// two questions is settled.
func TestSettleBoundsSound(t *testing.T) {
	names, rs := testRaces(t)
	rs = rs[:len(races)+len(shapes)]
	ctx := context.Background()
	partial := 0
	for k, r := range rs {
		for _, c := range []board.Color{board.Black, board.White} {
			full, err := Settle(ctx, r, c, SettleLimits{})
			if err != nil {
				t.Fatalf("%s, %s first: %v", names[k], c.Name(), err)
			}
			for _, n := range []int{200, 500, 2000, 5000} {
				st, err := Settle(ctx, r, c, SettleLimits{Nodes: n})
				if err == nil {
					break
				}
				if RefusalCodeOf(err) != RefusedSearchLimit {
					t.Fatalf("%s, %s first within %d: %v", names[k], c.Name(), n, err)
				}
				b := st.Bound
				if b.Known() && !b.Settled() {
					partial++
				}
				if !b.Admits(full.Result) || full.Kind != Ko && b.Settled() && b.Lo() != full.Result {
					t.Errorf("%s, %s first within %d positions: bound %q, but the race ends %v", names[k], c.Name(), n, b, full.Result)
				}
			}
		}
	}
	t.Logf("%d searches stopped with one question settled", partial)
	if partial < 10 {
		t.Errorf("%d searches stopped with one question settled; want at least 10 to test", partial)
	}
}

// TestAnalyzeOneSideSettled: where the search settles one side moving
// first and stops at its limit on the other, the side it settled is its
// own, the other keeps the count's verdict, and the report says what the
// search settled of both. AlphaGo v AlphaGo game 20 after move 240, R4
// v S10, within 100,000 positions a side: with White moving first the
// count has White capture, and the search finds that neither is
// captured (both blocks live); with Black moving first it settles only
// that Black's block is not captured. (Within its default limit it
// settles both: both blocks live, whoever moves first.) The count's
// "White captures" used to stand for White moving first wherever the
// search of the other side failed.
func TestAnalyzeOneSideSettled(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP a search of some seconds in -short mode")
	}
	pos := readRecord(t, "testdata/AG-vs-AG-G20.sgf").AfterMove(240).Position
	r, err := NewRace(pos, vertex(t, "R4"), vertex(t, "S10"))
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyze(context.Background(), r, Limits{SearchNodes: 100_000})
	if err != nil {
		t.Fatal(err)
	}
	v := a.Verdict
	if RefusalCodeOf(a.SettleErr) != RefusedSearchLimit || v.Searched {
		t.Fatalf("search error %v (searched %v); want the search stopped at its limit", a.SettleErr, v.Searched)
	}
	if v.CountWhiteFirst != WhiteCaptures || v.WhiteFirst != Neither || v.WhiteKind != BothLive {
		t.Errorf("White first: count %v, verdict %v (%v); want the count's White captures overruled by the search: both live", v.CountWhiteFirst, v.WhiteFirst, v.WhiteKind)
	}
	if v.BlackFirst != BlackCaptures || v.CountBlackFirst != BlackCaptures || v.BlackKind != Unsettled {
		t.Errorf("Black first: verdict %v, count %v (%v); want the count's Black captures, unsettled by the search", v.BlackFirst, v.CountBlackFirst, v.BlackKind)
	}
	if b := a.Settled[0].Bound; b.Lo() != Neither || b.Hi() != BlackCaptures {
		t.Errorf("Black first: bound %q; want Black's block not captured", b)
	}
	ctx := context.Background()
	rep, err := NewReport(ctx, a, board.Black)
	if err != nil {
		t.Fatal(err)
	}
	s, nodes, err := a.CheckSearch(ctx, r.CheckNodes())
	rep = rep.AddSearch(s, err, nodes)
	if o := rep.Outcome; o.BlackFirst != "B" || o.WhiteFirst != "-" || o.BlackBy != "count" || o.WhiteBy != "search" || o.By != "search" {
		t.Errorf("outcome %+v; want B by the count, - by the search", o)
	}
	if h := rep.Headline(); strings.Contains(h, "search") {
		t.Errorf("headline %q: Black moving first is the count's, not the search's", h)
	}
	want := "What it settled: Black moving first, Black's block is not captured (whether White's is was not settled); White moving first, neither is captured."
	if c := rep.CheckLine(); !strings.Contains(c, want) {
		t.Errorf("check line %q; want it to say %q", c, want)
	}
	data, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`"bounds":[{"first":"B","at_least":"-","at_most":"B"},{"first":"W","at_least":"-","at_most":"-"}]`, `"black_by":"count","white_by":"search"`} {
		if !strings.Contains(string(data), s) {
			t.Errorf("JSON without %s: %s", s, data)
		}
	}
}

// TestBoundRefutesCount: where a search that stopped at its limit
// settled what refutes the count's outcome for a side, no verdict is
// shown: the race is refused with the search's limit, and a search is
// to be shown instead (Searchable). Where what it settled admits the
// count's outcome, the count's verdict stands, unchecked.
func TestBoundRefutesCount(t *testing.T) {
	ctx := context.Background()
	var a *Analysis
	for _, tt := range races {
		r := mustRace(t, tt.diag, tt.blocks[0], tt.blocks[1])
		an, err := Analyze(ctx, r, Limits{})
		if err == nil && an.Verdict.CountBlackFirst == WhiteCaptures {
			a = an
			break
		}
	}
	if a == nil {
		t.Fatal("no race of the table that White captures moving second")
	}
	stopped := &RaceError{Code: RefusedSearchLimit, Region: -1, Err: fmt.Errorf("Black moving first: the search visited more than 10 positions: %w", ErrSearchLimit)}
	for _, tt := range []struct {
		black   Bound
		refused bool
	}{
		{NewBound(WhiteCaptures, Neither), false},
		{Bound{}, false},
		{NewBound(Neither, BlackCaptures), true},
	} {
		b := *a
		b.Verdict.BlackFirst = b.Verdict.CountBlackFirst
		st := [2]Settlement{{First: board.Black, Bound: tt.black}, {First: board.White}}
		err := b.applySettled(st, stopped)
		if got := err != nil; got != tt.refused {
			t.Errorf("Black first bound %q: refused %v (%v), want %v", tt.black, got, err, tt.refused)
			continue
		}
		if err != nil && (RefusalCodeOf(err) != RefusedSearchLimit || !Searchable(err)) {
			t.Errorf("refusal %v: code %q, searchable %v", err, RefusalCodeOf(err), Searchable(err))
		}
		if err == nil && (b.Verdict.BlackFirst != WhiteCaptures || b.SettleErr == nil) {
			t.Errorf("Black first bound %q: verdict %v (search error %v); want the count's White captures, unchecked", tt.black, b.Verdict.BlackFirst, b.SettleErr)
		}
	}
}
