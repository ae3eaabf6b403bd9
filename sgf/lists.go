package sgf

import (
	"strings"
	"unicode/utf8"
)

// This file reads the two line-based game lists described at Parse. They
// come with archives of online games (files such as kifu/2017-07 and
// kifu.index), where they sit among the SGF files and so reach the program
// the same way.

// indexFields is the number of tab-separated fields of a game index line.
const indexFields = 11

// parseLists parses text as a kifu list or a game index. ok is false when
// the text is neither, and then text should be read as SGF.
func parseLists(text string) (games []*Node, ok bool, err error) {
	if t := strings.TrimSpace(text); t == "" || t[0] == '(' {
		return nil, false, nil
	}
	lines := splitLines(text)
	kifu, index := true, true
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		id, moves, found := strings.Cut(l, "\t")
		kifu = kifu && found && strings.TrimSpace(id) != "" &&
			strings.HasPrefix(strings.TrimLeft(moves, " \t"), ";")
		index = index && strings.Count(l, "\t") == indexFields-1
		if !kifu && !index {
			return nil, false, nil
		}
	}
	for i, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		var g *Node
		if kifu {
			g, err = kifuGame(l, i+1)
		} else {
			g = indexGame(l, i+1)
		}
		if err != nil {
			return nil, true, err
		}
		games = append(games, g)
	}
	return games, true, nil
}

// kifuGame parses line n of a kifu list: "ID<TAB>;B[dd];W[dp]...".
func kifuGame(l string, n int) (*Node, error) {
	id, _, _ := strings.Cut(l, "\t")
	root := &Node{Props: []Property{{ID: "GN", Values: []string{strings.TrimSpace(id)}, Line: n, Col: 1}}}
	s := &scanner{src: l, pos: len(id) + 1, line: n, col: utf8.RuneCountInString(id) + 2}
	if _, _, err := s.sequence(root); err != nil {
		return nil, err
	}
	s.skipSpace()
	if !s.eof() {
		return nil, s.errorf(s.line, s.col, "unexpected %s, expected ';' to start a node", s.unexpected())
	}
	return root, nil
}

// indexGame turns line n of a game index into a root node.
func indexGame(l string, n int) *Node {
	f := strings.Split(l, "\t")
	col := make([]int, len(f))
	c := 1
	for i, v := range f {
		col[i] = c
		c += utf8.RuneCountInString(v) + 1
	}
	root := &Node{}
	add := func(id string, i int, v string) {
		if v = strings.TrimSpace(v); v != "" {
			root.Props = append(root.Props, Property{ID: id, Values: []string{v}, Line: n, Col: col[i]})
		}
	}
	add("GN", 0, f[0])
	add("DT", 1, indexDate(f[1]))
	add("PB", 2, f[2])
	add("PW", 5, f[5])
	add("RE", 8, f[8])
	return root
}

// indexDate turns an index date such as "C2017.05.08 16:04" into SGF's
// "2017-05-08". Anything else is kept as it is.
func indexDate(v string) string {
	d := strings.TrimLeft(strings.TrimSpace(v), "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
	d, _, _ = strings.Cut(d, " ")
	if len(d) != len("2017.05.08") || d[4] != '.' || d[7] != '.' {
		return v
	}
	return strings.ReplaceAll(d, ".", "-")
}

// splitLines splits text at "\r\n", "\n" and "\r", as the scanner counts
// lines.
func splitLines(text string) []string {
	var lines []string
	for {
		i := strings.IndexAny(text, "\r\n")
		if i < 0 {
			return append(lines, text)
		}
		lines = append(lines, text[:i])
		if strings.HasPrefix(text[i:], "\r\n") {
			i++
		}
		text = text[i+1:]
	}
}
