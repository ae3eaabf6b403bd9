package sgf

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// lineWidth is where Write starts a new line between nodes, to keep the
// output readable in a text editor.
const lineWidth = 72

// Write writes games as an FF[4] collection in UTF-8. Every root gets
// CA[UTF-8] in place of any CA it has, or as its first property; nothing
// else is changed, so Parse gives back the same trees apart from that CA.
// Values are escaped: `]` and `\` get a backslash. A property with no
// values is written with one empty value.
func Write(w io.Writer, games []*Node) error {
	bw := &treeWriter{w: bufio.NewWriter(w)}
	for i, root := range games {
		if root == nil {
			return fmt.Errorf("sgf: game %d is nil", i+1)
		}
		if err := bw.tree(root); err != nil {
			return fmt.Errorf("sgf: game %d: %w", i+1, err)
		}
	}
	return bw.w.Flush()
}

type treeWriter struct {
	w   *bufio.Writer
	col int // bytes written since the last newline
}

func (t *treeWriter) str(s string) {
	t.w.WriteString(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		t.col = len(s) - i - 1
	} else {
		t.col += len(s)
	}
}

func (t *treeWriter) newline() {
	if t.col > 0 {
		t.str("\n")
	}
}

// tree writes one game tree. It uses its own stack, like the parser, so
// that deep trees cannot exhaust the goroutine stack.
func (t *treeWriter) tree(root *Node) error {
	stack := []*Node{root} // nil stands for a ")" still to write
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == nil {
			t.str(")")
			continue
		}
		t.newline()
		t.str("(")
		for {
			if err := t.node(n, n == root); err != nil {
				return err
			}
			if len(n.Children) != 1 {
				break
			}
			if n == root || t.col >= lineWidth {
				t.newline()
			}
			if n = n.Children[0]; n == nil {
				return errors.New("nil child node")
			}
		}
		stack = append(stack, nil)
		for i := len(n.Children) - 1; i >= 0; i-- {
			if n.Children[i] == nil {
				return errors.New("nil child node")
			}
			stack = append(stack, n.Children[i])
		}
	}
	t.str("\n")
	return nil
}

func (t *treeWriter) node(n *Node, root bool) error {
	t.str(";")
	charset := false
	if root {
		if _, ok := n.Get("CA"); !ok {
			t.str("CA[UTF-8]")
		}
	}
	for _, p := range n.Props {
		if !validID(p.ID) {
			return fmt.Errorf("invalid property identifier %q", p.ID)
		}
		if root && p.ID == "CA" {
			if !charset {
				t.str("CA[UTF-8]")
				charset = true
			}
			continue
		}
		t.str(p.ID)
		if len(p.Values) == 0 {
			t.str("[]")
		}
		for _, v := range p.Values {
			t.str("[")
			t.str(escape(v))
			t.str("]")
		}
	}
	return nil
}

func validID(id string) bool {
	if id == "" {
		return false
	}
	for i := 0; i < len(id); i++ {
		if id[i] < 'A' || id[i] > 'Z' {
			return false
		}
	}
	return true
}

func escape(v string) string {
	if !strings.ContainsAny(v, `]\`) {
		return v
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == ']' || v[i] == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(v[i])
	}
	return b.String()
}
