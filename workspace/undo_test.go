package workspace

import "testing"

// TestUndo runs sequences of changes, undos and redos on a history of
// ints and checks the value and what can be undone and redone after each.
func TestUndo(t *testing.T) {
	tests := []struct {
		name     string
		ops      string // digits: a change to that value; u undo, r redo
		want     int
		undo, re int // how many undos and redos remain
	}{
		{"nothing", "", 0, 0, 0},
		{"changes", "123", 3, 3, 0},
		{"undo", "123u", 2, 2, 1},
		{"undo all and more", "12uuu", 0, 0, 2},
		{"redo", "123uur", 2, 2, 1},
		{"redo all and more", "12uurrr", 2, 2, 0},
		{"a change ends the redo", "123uu5", 5, 2, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var h Undo[int]
			v := 0
			for _, op := range tt.ops {
				switch op {
				case 'u':
					v, _ = h.Undo(v)
				case 'r':
					v, _ = h.Redo(v)
				default:
					h.Push(v)
					v = int(op - '0')
				}
			}
			if v != tt.want || len(h.undo) != tt.undo || len(h.redo) != tt.re || h.CanUndo() != (tt.undo > 0) || h.CanRedo() != (tt.re > 0) {
				t.Errorf("value %d, %d undos %v, %d redos %v; want %d, %d, %d", v, len(h.undo), h.undo, len(h.redo), h.redo, tt.want, tt.undo, tt.re)
			}
			// Undoing everything comes back to the start.
			for h.CanUndo() {
				v, _ = h.Undo(v)
			}
			if v != 0 {
				t.Errorf("undone to %d, want 0", v)
			}
		})
	}
}
