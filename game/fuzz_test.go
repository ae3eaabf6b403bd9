package game

import (
	"errors"
	"testing"

	"moyo/sgf"
)

// FuzzLoad checks that replaying any record never panics: that Parse
// and Load fail only with an *Error, that a replayed line's move numbers
// count its moves one by one, that AfterMove finds every move number and
// clamps the rest, and that what the app shows of a record (its title,
// its result along the line) never panics. The corpus run
// (go test -fuzz FuzzLoad ./game) starts from records with the setups,
// passes, illegal moves and variations that the replay must handle.
func FuzzLoad(f *testing.F) {
	for _, s := range []string{
		"(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[ce];B[];W[tt])",
		"(;SZ[9]AB[aa][ba]AW[ca][ab][bb]PL[W];W[cb])",
		"(;SZ[9];B[aa];W[aa])",
		"(;SZ[5]HA[2]AB[bb][dd];W[cc](;B[bc];W[dc])(;B[cb]C[side]))",
		"(;SZ[19]KM[x]HA[y]RE[B+R];B[pd];W[dd])(;SZ[3];B[bb])",
		"(;SZ[2];B[aa];W[bb];B[ab];W[ba])",
		"(;SZ[27])",
		"(;SZ[4]AE[aa:dd]AB[aa:bb]AW[cc:dd];B[ac];W[ca])",
	} {
		f.Add([]byte(s), uint8(0))
	}
	f.Fuzz(func(t *testing.T, data []byte, which uint8) {
		games, err := Collection(data)
		if err != nil {
			wantError(t, "Collection", err)
			return
		}
		r, err := Parse(data, int(which)%len(games))
		if err != nil {
			wantError(t, "Parse", err)
			return
		}
		checkRecord(t, r)
		// Every node of the tree as the line's end, as the app's
		// record tree loads it; a few hundred at most.
		n := 0
		var walk func(node *sgf.Node)
		walk = func(node *sgf.Node) {
			if n++; n > 300 {
				return
			}
			v, err := Load(r.Root, node)
			if err != nil {
				wantError(t, "Load", err)
			} else {
				checkRecord(t, v)
			}
			for _, c := range node.Children {
				walk(c)
			}
		}
		walk(r.Root)
	})
}

// wantError fails t unless err is an *Error.
func wantError(t *testing.T, what string, err error) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("%s: error %T %v, want an *Error", what, err, err)
	}
}

// checkRecord checks a replayed record's invariants.
func checkRecord(t *testing.T, r *Record) {
	t.Helper()
	if len(r.Steps) == 0 {
		t.Fatal("a record with no step")
	}
	if r.Err != nil {
		wantError(t, "Record.Err", r.Err)
	}
	number := 0
	for i, s := range r.Steps {
		if s.Move != nil {
			number++
		}
		if s.Number != number {
			t.Fatalf("step %d: number %d, want %d", i, s.Number, number)
		}
		if s.Position.Size() != r.Info.Size {
			t.Fatalf("step %d: a board of %d, the record's is %d", i, s.Position.Size(), r.Info.Size)
		}
		_ = r.ResultAt(i)
		_ = s.Comment()
	}
	if r.Moves() != number {
		t.Fatalf("Moves() = %d, want %d", r.Moves(), number)
	}
	// A root that holds a move (B[] in the first node) has no step
	// before it: AfterMove(0) is then the position after that move.
	first := r.Steps[0].Number
	for m := -1; m <= number+1; m++ {
		want := max(first, min(m, number))
		if got := r.AfterMove(m).Number; got != want {
			t.Fatalf("AfterMove(%d).Number = %d, want %d", m, got, want)
		}
	}
	_ = r.Info.Title()
	_ = r.Info.Players("fallback")
}
