package render

import (
	"bytes"
	"image"
	"testing"
)

// TestPicture: the board is Draw's into the top square, the legend
// Legend's under it, and there is no legend without a title.
func TestPicture(t *testing.T) {
	pos := parse(t, diagram9)
	values := influence(pos, 30, nil)
	const w = 400
	for _, title := range []string{"symmetric", ""} {
		pic, err := Picture(pos, values, Options{}, w, title)
		if err != nil {
			t.Fatal(err)
		}
		board := image.NewRGBA(image.Rect(0, 0, w, w))
		if _, err := Draw(board, pos, values, Options{}); err != nil {
			t.Fatal(err)
		}
		want := board
		if title != "" {
			key, err := Legend(w, title, Options{})
			if err != nil {
				t.Fatal(err)
			}
			want = image.NewRGBA(image.Rect(0, 0, w, w+key.Rect.Dy()))
			copy(want.Pix, board.Pix)
			copy(want.Pix[want.PixOffset(0, w):], key.Pix)
		}
		if pic.Rect != want.Rect || !bytes.Equal(pic.Pix, want.Pix) {
			t.Errorf("legend %q: a picture of %v unlike the board over the legend (%v)", title, pic.Rect, want.Rect)
		}
	}
	if _, err := Picture(pos, values, Options{}, 100, "symmetric"); err == nil {
		t.Error("a legend too narrow to read drawn without an error")
	}
}
