package game

import (
	"math"
	"strconv"
	"strings"

	"moyo/board"
	"moyo/sgf"
)

// SetupRoot returns the root node of a game that starts from pos: its size
// (SZ), komi (KM), player to move (PL) and stones (AB, AW), with the
// non-empty fields of info (PB, PW, BR, WR, DT, EV, GN, RE). Load of the
// node gives back pos's stones and player to move, and komi; captures and
// a ko, which SGF setup cannot say, are lost.
func SetupRoot(pos *board.Position, komi float64, info sgf.GameInfo) *sgf.Node {
	prop := func(id string, values ...string) sgf.Property { return sgf.Property{ID: id, Values: values} }
	n := &sgf.Node{Props: []sgf.Property{
		prop("GM", "1"),
		prop("FF", "4"),
		prop("SZ", strconv.Itoa(pos.Size())),
		prop("KM", formatKomi(komi)),
	}}
	for _, f := range []struct{ id, v string }{
		{"PB", info.Black}, {"PW", info.White},
		{"BR", info.BlackRank}, {"WR", info.WhiteRank},
		{"DT", info.Date}, {"EV", info.Event}, {"GN", info.Name},
		{"RE", info.Result},
	} {
		if f.v != "" {
			n.Props = append(n.Props, prop(f.id, f.v))
		}
	}
	n.Props = append(n.Props, prop("PL", pos.ToMove().String()))
	var black, white []string
	for i := range pos.Len() {
		pt := pos.PointOf(i)
		s := sgf.Point{X: pt.X, Y: pt.Y}.String()
		switch pos.Cell(i) {
		case board.Black:
			black = append(black, s)
		case board.White:
			white = append(white, s)
		}
	}
	// SGF forbids a setup property without values.
	if len(black) > 0 {
		n.Props = append(n.Props, prop("AB", black...))
	}
	if len(white) > 0 {
		n.Props = append(n.Props, prop("AW", white...))
	}
	return n
}

// formatKomi writes k so that sgf reads it back as k: a whole number of
// 100 or more gets a decimal point, since KM[750] is read in hundredths,
// as the Fox server writes it.
func formatKomi(k float64) string {
	s := strconv.FormatFloat(k, 'f', -1, 64)
	if !strings.Contains(s, ".") && math.Abs(k) >= 100 {
		s += ".0"
	}
	return s
}
