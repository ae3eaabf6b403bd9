package cgt

import (
	"slices"
	"testing"
)

// seedTrees are the liberty-counting games of seeds/004, uncooled.
var seedTrees = []string{
	"{4|0}", "{6|{4|0}}", "{-5|-9}", "{-5|-8}", "{{6|3}|1}", "{{5|2}|0}",
	"{{7|3},5|1}", "{-1|-4}", "{{0|-4}|-6}", "{{{10|5}|3}|1}", "{{{11|5}|3}|1}",
	"{{{{{15|8}|6}|4}|2}|0}", "{0|{-2|{-4|{-6|-13}}}}",
}

// BenchmarkCanonicalSeed: reading the 13 seed trees into canonical forms,
// in a fresh table each time (nothing remembered).
func BenchmarkCanonicalSeed(b *testing.B) {
	for b.Loop() {
		tb := NewTable()
		for _, s := range seedTrees {
			if _, err := tb.Parse(s); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkNewSeed: the canonical forms of the 13 seed trees built with
// New from their option lists, in a fresh table each time: the work of
// canonicalisation without the parsing.
func BenchmarkNewSeed(b *testing.B) {
	setup := NewTable()
	f := newForest()
	var trees []*tree
	for _, s := range seedTrees {
		g, err := setup.Parse(s)
		if err != nil {
			b.Fatal(err)
		}
		trees = append(trees, f.fromGame(g))
	}
	for b.Loop() {
		tb := NewTable()
		for _, tr := range trees {
			canonOf(tb, tr)
		}
	}
}

// BenchmarkCoolSeed: canonical forms, thermographs and cooling by 2 of
// the 13 seed trees, in a fresh table.
func BenchmarkCoolSeed(b *testing.B) {
	for b.Loop() {
		tb := NewTable()
		for _, s := range seedTrees {
			g, _ := tb.Parse(s)
			if _, err := tb.Cool(g, Int(2)); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkProblems1to3: the totals of Problems 1–3, each region cooled
// by 2, summed and compared with −1, in a fresh table.
func BenchmarkProblems1to3(b *testing.B) {
	problems := [][]string{
		{"{4|0}", "{6|{4|0}}", "-7"},
		{"{4|0}", "{6|{4|0}}", "{-5|-9}"},
		{"{4|0}", "{6|{4|0}}", "{-5|-8}"},
	}
	want := []Relation{Confused, Greater, Greater}
	for b.Loop() {
		tb := NewTable()
		for i, regions := range problems {
			var cooled []*Game
			for _, s := range regions {
				g, _ := tb.Parse(s)
				c, _ := tb.Cool(g, Int(2))
				cooled = append(cooled, c)
			}
			if tb.CompareInt(tb.Sum(cooled...), -1) != want[i] {
				b.Fatal("a total compares wrongly with −1")
			}
		}
	}
}

// BenchmarkProblem6Total: Problem 6 whole — the regions' trees (and F, G,
// J, K as values) cooled by 2, summed, compared with −1 and weighed, in a
// fresh table.
func BenchmarkProblem6Total(b *testing.B) {
	regions := []string{"{{5|2}|0}", "{{{{{15|8}|6}|4}|2}|0}", "{{{10|5}|3}|1}", "{{7|3},5|1}", "{{5|2}|0}",
		"{-1|-4}", "{{0|-4}|-6}", "-{{{11|5}|3}|1}", "{0|{-2|{-4|{-6|-13}}}}"}
	values := []string{"3", "-1", "-2*", "-1"} // F, G, J, K: given cooled
	for b.Loop() {
		tb := NewTable()
		var cooled []*Game
		for _, s := range regions {
			g, _ := tb.Parse(s)
			c, _ := tb.Cool(g, Int(2))
			cooled = append(cooled, c)
		}
		for _, s := range values {
			g, _ := tb.Parse(s)
			cooled = append(cooled, g)
		}
		total := tb.Sum(cooled...)
		if tb.CompareInt(total, -1) != Confused {
			b.Fatal("the total is not confused with −1")
		}
		if _, err := tb.AtomicWeight(total); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSumWarm: a sum and a comparison already in the table's memory.
func BenchmarkSumWarm(b *testing.B) {
	tb := NewTable()
	g, _ := tb.Parse("2{⧿₃|0³}")
	h, _ := tb.Parse("-2{0²|⧾₃}")
	minus := tb.Int(-1)
	for b.Loop() {
		s := tb.Add(g, h)
		tb.Compare(s, minus)
	}
}

// cgsuiteForms are values as CGSuite prints them: uptimals, tinies, a
// product, switches, and games of Toads and Frogs and Domineering.
var cgsuiteForms = []string{
	"{12|||11||10,{11|10}|9Tiny({2|1})}", "+-{10|8||6|4|||4|2||0|-2}", "^8*2", "^[4]", "{0|^<2>}",
	"{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
	"{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}",
	"+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}",
	"+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}",
}

// BenchmarkParseCGSuite: reading the 9 CGSuite forms, in a fresh table
// each time.
func BenchmarkParseCGSuite(b *testing.B) {
	for b.Loop() {
		tb := NewTable()
		for _, s := range cgsuiteForms {
			if _, err := tb.Parse(s); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkString: writing the 9 CGSuite forms and the 13 seed trees
// cooled by 2, in Unicode and in ASCII, in a table that has seen them:
// what a report or a board label pays.
func BenchmarkString(b *testing.B) {
	tb := NewTable()
	var games []*Game
	for _, s := range append(slices.Clone(cgsuiteForms), seedTrees...) {
		g, err := tb.Parse(s)
		if err != nil {
			b.Fatal(err)
		}
		c, _ := tb.Cool(g, Int(2))
		games = append(games, g, c)
	}
	for b.Loop() {
		for _, g := range games {
			_ = g.String()
			_ = g.ASCII()
		}
	}
}
