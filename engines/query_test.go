package engines

import (
	"fmt"
	"strings"
	"testing"

	"moyo/board"
)

func TestRecordQuery(t *testing.T) {
	tests := []struct {
		name, sgf string
		move      int
		start     string // Start's stones, as board.Position draws them
		moves     string // the moves, as board.Move writes them
		toMove    board.Color
		komi      float64
	}{
		{"moves from the empty board", "(;SZ[3]KM[6.5];B[aa];W[bb];B[cc])", 2, "...\n...\n...\n", "[B aa W bb]", board.Black, 6.5},
		{"handicap komi", "(;SZ[3]HA[2]KM[0]AB[aa][cc];W[bb])", 1, "X..\n...\n..X\n", "[W bb]", board.Black, 0},
		{"no komi", "(;SZ[3];B[aa];W[bb])", 2, "...\n...\n...\n", "[B aa W bb]", board.Black, DefaultKomi},
		{"handicap stones", "(;SZ[3]HA[2]AB[aa][cc];W[bb])", 1, "X..\n...\n..X\n", "[W bb]", board.Black, 0.5},
		{"handicap, no move yet", "(;SZ[3]HA[2]AB[aa][cc];W[bb])", 0, "X..\n...\n..X\n", "[]", board.White, 0.5},
		{"setup mid-game starts again", "(;SZ[3];B[aa];W[bb];AW[ca]C[edit];B[cc])", 3, "X.O\n.O.\n...\n", "[B cc]", board.White, DefaultKomi},
		{"a comment alone does not", "(;SZ[3];B[aa];C[hm];W[bb])", 2, "...\n...\n...\n", "[B aa W bb]", board.Black, DefaultKomi},
		{"a pass", "(;SZ[3];B[aa];W[];B[cc])", 3, "...\n...\n...\n", "[B aa W pass B cc]", board.White, DefaultKomi},
		{"player to move set", "(;SZ[3];B[aa];PL[B])", 1, "X..\n...\n...\n", "[]", board.Black, DefaultKomi},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := parseRecord(t, tt.sgf)
			q := RecordQuery(rec, tt.move)
			if got := q.Start.String(); got != tt.start {
				t.Errorf("start\n%s, want\n%s", got, tt.start)
			}
			if got := fmt.Sprint(q.Moves); got != tt.moves {
				t.Errorf("moves %s, want %s", got, tt.moves)
			}
			if q.ToMove() != tt.toMove || q.Komi != tt.komi {
				t.Errorf("%s to move, komi %v; want %s, %v", q.ToMove(), q.Komi, tt.toMove, tt.komi)
			}
			pos, err := q.Position()
			if err != nil {
				t.Fatal(err)
			}
			if want := rec.AfterMove(tt.move).Position; pos.String() != want.String() {
				t.Errorf("the query reaches\n%s, the record\n%s", pos, want)
			}
		})
	}
}

func TestPositionQueryKo(t *testing.T) {
	rec := parseRecord(t, koRecord)
	pos := rec.AfterMove(9).Position
	q := PositionQuery(pos, 7.5)
	if len(q.Moves) != 1 || q.Moves[0] != (board.Move{Color: board.Black, Point: board.Point{X: 4, Y: 4}}) {
		t.Fatalf("moves %v, want Black's capture at E5", q.Moves)
	}
	after, err := q.Position()
	if err != nil {
		t.Fatal(err)
	}
	if !after.Equal(pos) {
		t.Errorf("the query reaches\n%s, want\n%s with its ko", after, pos)
	}
	// Without a ko, the stones alone.
	pos = rec.AfterMove(8).Position
	if q := PositionQuery(pos, 7.5); len(q.Moves) != 0 || !q.Start.Equal(pos) {
		t.Errorf("query %s of a position without ko", q.Key())
	}
}

func TestQueryKey(t *testing.T) {
	base := RecordQuery(parseRecord(t, "(;SZ[9]KM[6.5];B[ee];W[cc])"), 2)
	same := base
	same.Komi = 6.6 // KataGo is given 6.5 either way
	other := func(f func(q *Query)) Query {
		q := base
		q.Moves = append([]board.Move(nil), base.Moves...)
		f(&q)
		return q
	}
	if base.Key() != same.Key() {
		t.Errorf("komi 6.5 and 6.6 differ: %q, %q", base.Key(), same.Key())
	}
	for name, q := range map[string]Query{
		"komi":       other(func(q *Query) { q.Komi = 7.5 }),
		"rules":      other(func(q *Query) { q.Rules = "japanese" }),
		"a move":     other(func(q *Query) { q.Moves[1].Point.X = 3 }),
		"fewer":      other(func(q *Query) { q.Moves = q.Moves[:1] }),
		"start":      other(func(q *Query) { q.Start = walls(t, 9, board.Black) }),
		"first turn": other(func(q *Query) { q.Start = q.Start.Clone(); q.Start.SetToMove(board.White) }),
	} {
		if q.Key() == base.Key() {
			t.Errorf("another %s, the same key %q", name, q.Key())
		}
	}
}

func TestQueryCheck(t *testing.T) {
	good := PositionQuery(walls(t, 9, board.Black), 7.5)
	bad := func(f func(q *Query)) Query { q := good; f(&q); return q }
	for name, tt := range map[string]struct {
		q   Query
		err string
	}{
		"good":               {good, ""},
		"no start":           {bad(func(q *Query) { q.Start = nil }), "without a start"},
		"rules of two words": {bad(func(q *Query) { q.Rules = "chinese japanese" }), "not one name"},
		"an illegal move":    {bad(func(q *Query) { q.Moves = []board.Move{{Color: board.Black, Point: board.Point{X: 3, Y: 0}}} }), "occupied"},
	} {
		err := tt.q.check()
		if (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("%s: check = %v, want %q", name, err, tt.err)
		}
	}
	for komi, want := range map[float64]float64{7.5: 7.5, 3.75: 4, 6.6: 6.5, -0.2: 0, 400: 150} {
		if got := (Query{Komi: komi}).komi(); got != want {
			t.Errorf("komi %v is given to KataGo as %v, want %v", komi, got, want)
		}
	}
}
