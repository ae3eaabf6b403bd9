package workspace

import "moyo/board"

// EditSizes returns the board sizes edit mode offers a button each for;
// the others are typed or stepped to.
func EditSizes() []int { return []int{9, 13, 19} }

// toolKeys are the keys that choose the tools, in the order of Tools.
const toolKeys = "BWAPX"

// ToolOfKey returns the tool key chooses in edit mode: B, W, A, P or X.
func ToolOfKey(key string) (Tool, bool) {
	for _, t := range Tools() {
		if toolKeys[t:t+1] == key {
			return t, true
		}
	}
	return 0, false
}

// EditView is how edit mode's controls stand.
type EditView struct {
	Tool Tool
	// Size is the board's size, and SizeButton its index in EditSizes,
	// −1 for a size without a button.
	Size, SizeButton int
	Komi             float64
	// ToMove is the side to move: 0 for Black, 1 for White, as the
	// buttons are.
	ToMove int
	// CanUndo, CanRedo and CanClear say which actions there are.
	CanUndo, CanRedo, CanClear bool
}

// View describes the edit session for its controls.
func (e *EditMode) View() EditView {
	size := e.pos.Size()
	v := EditView{Tool: e.Tool(), Size: size, SizeButton: -1, Komi: e.komi,
		CanUndo: e.CanUndo(), CanRedo: e.CanRedo(), CanClear: !e.Empty()}
	for i, n := range EditSizes() {
		if n == size {
			v.SizeButton = i
		}
	}
	if e.pos.ToMove() == board.White {
		v.ToMove = 1
	}
	return v
}
