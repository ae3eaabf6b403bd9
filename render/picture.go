package render

import (
	"image"
	"image/draw"

	"moyo/board"
)

// Picture draws pos and its values into a new image width pixels wide: the
// board as Draw fits it to a width×width square and, when legend is not
// "", the key to the overlay titled legend under it (see Legend). It is
// the picture `moyo analyze --format png` writes and the app's File →
// Export Picture saves.
func Picture(pos *board.Position, values []float64, opt Options, width int, legend string) (*image.RGBA, error) {
	var key *image.RGBA
	if legend != "" {
		var err error
		if key, err = Legend(width, legend, opt); err != nil {
			return nil, err
		}
	}
	height := width
	if key != nil {
		height += key.Rect.Dy()
	}
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	if _, err := Draw(img.SubImage(image.Rect(0, 0, width, width)).(*image.RGBA), pos, values, opt); err != nil {
		return nil, err
	}
	if key != nil {
		draw.Draw(img, key.Rect.Add(image.Pt(0, width)), key, image.Point{}, draw.Src)
	}
	return img, nil
}

// Annotated draws pos and its values into a new image width pixels wide:
// the board as Picture draws it without a legend and, under it, notes as
// a caption (Caption), each broken at spaces where it is too wide (Wrap).
// It is the picture `moyo count` and `moyo semeai` write.
func Annotated(pos *board.Position, values []float64, opt Options, width int, notes []string) (*image.RGBA, error) {
	var lines []string
	for _, s := range notes {
		l, err := Wrap(width, s, opt)
		if err != nil {
			return nil, err
		}
		lines = append(lines, l...)
	}
	caption, err := Caption(width, lines, opt)
	if err != nil {
		return nil, err
	}
	board, err := Picture(pos, values, opt, width, "")
	if err != nil {
		return nil, err
	}
	return Stack(board, caption), nil
}
