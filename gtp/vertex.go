package gtp

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"

	"moyo/board"
)

// ParseVertex reads a GTP vertex on a board of the given size: a point as
// board.ParsePoint reads it ("D16" on 19×19 is the SGF point {3, 3}), or
// "pass" in either case, which pass reports.
func ParseVertex(v string, size int) (pt board.Point, pass bool, err error) {
	if strings.EqualFold(v, "pass") {
		return board.Point{}, true, nil
	}
	pt, err = board.ParsePoint(v, size)
	if err != nil {
		return board.Point{}, false, fmt.Errorf("vertex: %w", err)
	}
	return pt, false, nil
}

// ParseVertices reads a response that lists vertices separated by spaces
// or line ends, as GNU Go's final_status_list and list_stones answer.
func ParseVertices(text string, size int) ([]board.Point, error) {
	var pts []board.Point
	for _, f := range strings.Fields(text) {
		pt, pass, err := ParseVertex(f, size)
		if err != nil {
			return nil, err
		}
		if pass {
			return nil, fmt.Errorf("vertex %q: pass in a list of points", f)
		}
		pts = append(pts, pt)
	}
	return pts, nil
}

// Vertex writes pt as a GTP vertex on a board of the given size; the
// inverse of ParseVertex.
func Vertex(pt board.Point, size int) string {
	return pt.Label(size)
}

// Color writes a colour as GTP does: "black" or "white".
func Color(c board.Color) string {
	if c == board.White {
		return "white"
	}
	return "black"
}

// debianGnuGo is where Debian's gnugo package installs the program, which
// is outside the PATH of most users.
const debianGnuGo = "/usr/games/gnugo"

// ErrNoGnuGo is returned by LookGnuGo when GNU Go is not installed.
var ErrNoGnuGo = errors.New("gnugo is not on PATH or at " + debianGnuGo + " (Debian package gnugo)")

// LookGnuGo returns the path of the GNU Go program: gnugo on PATH, else
// where Debian installs it.
func LookGnuGo() (string, error) {
	if p, err := exec.LookPath("gnugo"); err == nil {
		return p, nil
	}
	if fi, err := os.Stat(debianGnuGo); err == nil && !fi.IsDir() {
		return debianGnuGo, nil
	}
	return "", ErrNoGnuGo
}

// Setup returns the commands that set pos up in an engine: boardsize,
// clear_board, then a play for each of Black's stones and then White's.
// Placed in that order no stone of a legal position is ever captured or
// suicidal, since every chain has at least the liberties it has in pos;
// so it also works for positions no game record leads to. Ko, captures
// and komi are not passed on.
func Setup(pos *board.Position) []string {
	size := pos.Size()
	commands := []string{"boardsize " + strconv.Itoa(size), "clear_board"}
	for _, c := range []board.Color{board.Black, board.White} {
		for i := range pos.Len() {
			if pos.Cell(i) == c {
				commands = append(commands, "play "+Color(c)+" "+Vertex(pos.PointOf(i), size))
			}
		}
	}
	return commands
}
