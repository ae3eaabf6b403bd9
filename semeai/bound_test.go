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
// search settled. AlphaGo v AlphaGo game 20 after move 240, R4 v S10:
// the count has Black moving first capture and White moving first
// capture; the search, within its default limit, finds both blocks
// living whoever moves first. Within 50,000 positions a side it settles
// only that Black moving first is not captured, which the count's
// verdict admits, and the count stands for both sides. Between that and
// the full search, a limit where one side is settled and the other is
// not is found by halving the interval (the sides settle within a few
// thousand positions of each other, which a fixed limit would miss as
// soon as the search changed); there the settled side's "neither is
// captured" overrules the count for that side alone. (Where a side
// failed, the count's verdict used to stand for both.)
func TestAnalyzeOneSideSettled(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP a search of some seconds in -short mode")
	}
	pos := readRecord(t, "testdata/AG-vs-AG-G20.sgf").AfterMove(240).Position
	r, err := NewRace(pos, vertex(t, "R4"), vertex(t, "S10"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	analyze := func(nodes int) *Analysis {
		t.Helper()
		a, err := Analyze(ctx, r, Limits{SearchNodes: nodes})
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	check := func(a *Analysis, nodes int, settled board.Color, bounds string, lines ...string) {
		t.Helper()
		v := a.Verdict
		if v.CountBlackFirst != BlackCaptures || v.CountWhiteFirst != WhiteCaptures {
			t.Fatalf("within %d: count %v/%v; want Black captures/White captures", nodes, v.CountBlackFirst, v.CountWhiteFirst)
		}
		for _, c := range []board.Color{board.Black, board.White} {
			want, by, head := Result(c), "count", " (by the count, which the search did not settle)."
			if c == settled {
				want, by, head = Neither, "search", " (by the search)."
			}
			rep, err := NewReport(ctx, a, c)
			if err != nil {
				t.Fatal(err)
			}
			s, n, err := a.CheckSearch(ctx, nodes)
			rep = rep.AddSearch(s, err, n)
			got, gotBy := v.BlackFirst, rep.Outcome.BlackBy
			if c == board.White {
				got, gotBy = v.WhiteFirst, rep.Outcome.WhiteBy
			}
			if got != want || gotBy != by {
				t.Errorf("within %d, %s first: %v by the %s; want %v by the %s", nodes, c.Name(), got, gotBy, want, by)
			}
			if h := rep.Headline(); !strings.HasSuffix(h, head) {
				t.Errorf("within %d: headline %q; want it to end %q", nodes, h, head)
			}
			o := rep.OutcomeLine()
			part := ""
			for p := range strings.SplitSeq(o, "; ") {
				if strings.HasPrefix(p, c.Name()+" first: ") {
					part = p
				}
			}
			if settled == board.Empty {
				part = o // one "by" for both sides
			}
			if !strings.Contains(part, " (by the "+by+")") {
				t.Errorf("within %d: outcome line %q; %s first is by the %s", nodes, o, c.Name(), by)
			}
			if c != board.Black {
				continue
			}
			for _, line := range lines {
				if cl := rep.CheckLine(); !strings.Contains(cl, line) {
					t.Errorf("within %d: check line %q; want it to say %q", nodes, cl, line)
				}
			}
			data, err := json.Marshal(rep)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(data), bounds) {
				t.Errorf("within %d: JSON without %s: %s", nodes, bounds, data)
			}
		}
	}

	// Within 50,000 positions: a bound on Black first, nothing settled.
	a := analyze(50_000)
	if RefusalCodeOf(a.SettleErr) != RefusedSearchLimit || a.Verdict.Searched {
		t.Fatalf("within 50000: search error %v (searched %v); want the search stopped at its limit", a.SettleErr, a.Verdict.Searched)
	}
	check(a, 50_000, board.Empty, `"bounds":[{"first":"B","at_least":"-","at_most":"B"}`,
		"What it settled: Black moving first, Black's block is not captured (whether White's is was not settled).")
	// A check given more positions than the analysis's search searches
	// again ('moyo semeai --search-nodes', the race view's Search
	// further); given no more, it is that search (above).
	if s, n, err := a.CheckSearch(ctx, DefaultSettleNodes); err != nil || n != DefaultSettleNodes || s.Kinds[0] == Unsettled || s.Kinds[1] == Unsettled {
		t.Errorf("checked within %d: %v within %d, kinds %v", DefaultSettleNodes, err, n, s.Kinds)
	}

	// A limit with one side settled, found by halving [lo, hi).
	settledSides := func(a *Analysis) (n int, c board.Color) {
		for _, s := range a.Settled {
			if s.Kind != Unsettled {
				n, c = n+1, s.First
			}
		}
		return n, c
	}
	lo, hi := 50_000, DefaultSettleNodes
	if n, _ := settledSides(analyze(hi)); n != 2 {
		t.Fatalf("within %d: %d sides settled; want both", hi, n)
	}
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		a := analyze(mid)
		n, c := settledSides(a)
		switch n {
		case 1:
			check(a, mid, c, `{"first":"`+ResultLetter(Result(c))+`","at_least":"-","at_most":"-"}`,
				c.Name()+" moving first, neither is captured",
				"Where that differs from the count, the outcome is the search's.")
			t.Logf("within %d positions a side, %s first settled, %s first not", mid, c.Name(), c.Opponent().Name())
			return
		case 0:
			lo = mid
		default:
			hi = mid
		}
	}
	t.Fatalf("no limit between 50,000 and %d positions settles one side alone: the two settle at %d", DefaultSettleNodes, hi)
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
