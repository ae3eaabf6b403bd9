package workspace

// Undo is the history of a value that is never changed in place, only
// replaced: the values it had before, for Undo, and those undone, for
// Redo. Edit mode keeps its positions in one.
type Undo[T any] struct {
	undo, redo []T
}

// Push records old, the value a change replaces, and forgets what was
// undone: a new change ends the redo.
func (u *Undo[T]) Push(old T) {
	u.undo = append(u.undo, old)
	u.redo = nil
}

// CanUndo reports whether there is a change to undo.
func (u *Undo[T]) CanUndo() bool { return len(u.undo) > 0 }

// CanRedo reports whether there is an undone change to redo.
func (u *Undo[T]) CanRedo() bool { return len(u.redo) > 0 }

// Undo returns the value before the last change, given the value now,
// which Redo brings back; ok is false when there is nothing to undo.
func (u *Undo[T]) Undo(now T) (before T, ok bool) { return step(&u.undo, &u.redo, now) }

// Redo returns the value the last Undo took back, given the value now;
// ok is false when there is nothing to redo.
func (u *Undo[T]) Redo(now T) (after T, ok bool) { return step(&u.redo, &u.undo, now) }

// step pops the last value of from and pushes now onto to, for Undo
// (from the undo stack to the redo stack) and Redo (the other way); with
// from empty it returns now and false.
func step[T any](from, to *[]T, now T) (T, bool) {
	if len(*from) == 0 {
		return now, false
	}
	*to = append(*to, now)
	v := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	return v, true
}
