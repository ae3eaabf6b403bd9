package board

import (
	"slices"
	"testing"
)

// TestFlood fills two chains one after the other and checks each fill's
// stones and liberties: the first's still readable after the second but
// for the liberty they share, A3, which is the second's.
func TestFlood(t *testing.T) {
	pos, err := ParseDiagram(`
.XO..
XXO..
.OO.X
.....
.....`)
	if err != nil {
		t.Fatal(err)
	}
	label := func(is []int) []string {
		var out []string
		for _, i := range is {
			out = append(out, pos.PointOf(i).Label(pos.Size()))
		}
		slices.Sort(out)
		return out
	}
	var f Flood
	at := func(l string) int {
		p, err := ParsePoint(l, pos.Size())
		if err != nil {
			t.Fatal(err)
		}
		return pos.Index(p)
	}
	libsOf := func(s int32) []int {
		var out []int
		for i := range pos.Len() {
			if f.Liberty(i, s) {
				out = append(out, i)
			}
		}
		return out
	}
	black := f.Fill(pos, at("B4"))
	if got := label(f.Stones); !slices.Equal(got, []string{"A4", "B4", "B5"}) {
		t.Errorf("black stones %v", got)
	}
	white := f.Fill(pos, at("C5"))
	if got := label(f.Stones); !slices.Equal(got, []string{"B3", "C3", "C4", "C5"}) {
		t.Errorf("white stones %v", got)
	}
	if got := label(libsOf(black)); !slices.Equal(got, []string{"A5"}) {
		t.Errorf("black liberties %v", got)
	}
	if got := label(libsOf(white)); !slices.Equal(got, []string{"A3", "B2", "C2", "D3", "D4", "D5"}) {
		t.Errorf("white liberties %v", got)
	}
	if !f.Stone(at("A4"), black) || f.Stone(at("A4"), white) || f.Stone(at("E3"), black) {
		t.Error("stones of the wrong fill")
	}
}

// BenchmarkFlood fills a chain of a 19×19 position: it must not
// allocate once its arrays are made.
func BenchmarkFlood(b *testing.B) {
	pos, err := ParseDiagram(`
...................
.XXXXXXXXXXXXXXXXX.
.X...............X.
.X...............X.
.XXXXXXXXXXXXXXXXX.
...................
...................
...................
...................
...................
...................
...................
...................
...................
...................
...................
...................
...................
...................`)
	if err != nil {
		b.Fatal(err)
	}
	var f Flood
	b.ReportAllocs()
	for b.Loop() {
		f.Fill(pos, pos.Size()+1)
	}
}
