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
func (u *Undo[T]) Undo(now T) (before T, ok bool) {
	if len(u.undo) == 0 {
		return now, false
	}
	u.redo = append(u.redo, now)
	before = u.undo[len(u.undo)-1]
	u.undo = u.undo[:len(u.undo)-1]
	return before, true
}

// Redo returns the value the last Undo took back, given the value now;
// ok is false when there is nothing to redo.
func (u *Undo[T]) Redo(now T) (after T, ok bool) {
	if len(u.redo) == 0 {
		return now, false
	}
	u.undo = append(u.undo, now)
	after = u.redo[len(u.redo)-1]
	u.redo = u.redo[:len(u.redo)-1]
	return after, true
}
