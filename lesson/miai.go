package lesson

import (
	"fmt"
	"math/bits"
)

// maxSolvePoints bounds the corridors the miai solver takes on. Its states
// are the ways of filling the corridor with stones: a strip of 2×8 has half
// a million and takes a second, where the lessons' largest, 2×5, has 6,000
// and takes milliseconds.
const maxSolvePoints = 16

// eps decides when two counts are equal. Every count here is a dyadic
// fraction with a small denominator, exact in a float64, so only the
// averages over three or more tied moves are rounded at all.
const eps = 1e-9

// localGame is the local game of a corridor as the symmetry article plays it (the symmetry article
// §2.3–2.6): the defender owns the walls, which are alive, and the invader
// owns the mouth stones, which are alive too. The defender may play any
// empty point of the corridor; a stone there touches a living wall (every
// point of a corridor of width one or two does), so it lives. The invader
// may only push, playing next to a mouth stone or to an earlier push: a
// stone that is not solidly connected to the mouth has no hope of living in
// so narrow a space. The game is over when no empty point touches an invader
// stone; the empty points left are then enclosed by the defender. Points are
// counted as area, +1 for the defender and −1 for the invader.
type localGame struct {
	n     int
	nbr   []uint32 // nbr[i] has bit j set when points i and j are neighbours
	mouth uint32   // the points next to a mouth stone
	memo  map[uint64]*outcome
}

// outcome is the miai-counting value of a state of a localGame.
type outcome struct {
	// count is the expected area of the corridor for the defender.
	count float64
	// values is each point's expected control, +1 the defender's.
	values []float64
	// gainDefender and gainInvader are what the next move of each side
	// there gains over count: the size of the follow-up a move into this
	// state threatens.
	gainDefender, gainInvader float64
}

// state is a filling of the corridor: bit i of the low word is a defender
// stone on point i, bit i of the high word an invader stone.
type state uint64

// defender, invader and empty return the points of each kind as masks.
func (s state) defender() uint32 { return uint32(s) }
func (s state) invader() uint32  { return uint32(s >> 32) }
func (s state) empty(n int) uint32 {
	return (1<<n - 1) &^ (s.defender() | s.invader())
}

// play returns s with a stone on point i, the defender's or the invader's.
func (s state) play(i int, defender bool) state {
	if defender {
		return s | 1<<i
	}
	return s | 1<<(32+i)
}

// newLocalGame returns the game on n points with the given neighbour masks
// and the points next to the mouth.
func newLocalGame(nbr []uint32, mouth uint32) (*localGame, error) {
	n := len(nbr)
	if n == 0 || n > maxSolvePoints {
		return nil, fmt.Errorf("corridor of %d points: the miai solver takes 1 to %d", n, maxSolvePoints)
	}
	if mouth == 0 {
		return nil, fmt.Errorf("corridor of %d points has no mouth", n)
	}
	return &localGame{n: n, nbr: nbr, mouth: mouth, memo: make(map[uint64]*outcome)}, nil
}

// pushes returns the empty points the invader may play in s.
func (g *localGame) pushes(s state) uint32 {
	reach := g.mouth
	for w := s.invader(); w != 0; w &= w - 1 {
		reach |= g.nbr[bits.TrailingZeros32(w)]
	}
	return reach & s.empty(g.n)
}

// solve returns the miai-counting outcome of the empty corridor.
func (g *localGame) solve() *outcome { return g.value(0) }

// value evaluates s by miai counting (the symmetry article §2.3, §2.6). A finished
// state counts its stones and the defender's enclosed points. Otherwise
// each side has its best move, to L for the defender and R for the invader,
// and:
//
//   - gote: the local turn goes to either side with probability ½, so the
//     count is the mean of L's and R's and each point's control too;
//   - sente: when a side's move threatens a follow-up that gains more than
//     the move itself is worth as gote, (count(L) − count(R))/2, the
//     opponent answers, and the exchange is as good as played: the state
//     takes the value after it;
//   - miai: when in addition the other side can start instead and be
//     answered back to the same count, the first two moves are miai (the
//     seed's doubly open corridor): either exchange happens with
//     probability ½, and only the points differ, not the count.
//
// Where several moves are equally good for a side, each is taken with equal
// probability, which keeps symmetric shapes symmetric; an answer is played
// next to the move it answers when that is as good as any (see answers).
func (g *localGame) value(s state) *outcome {
	if o, ok := g.memo[uint64(s)]; ok {
		return o
	}
	o := g.evaluate(s)
	g.memo[uint64(s)] = o
	return o
}

// evaluate computes the value of s for value, which memoises it.
func (g *localGame) evaluate(s state) *outcome {
	pushes := g.pushes(s)
	if pushes == 0 {
		o := &outcome{values: make([]float64, g.n)}
		for i := range g.n {
			v := 1.0
			if s.invader()&(1<<i) != 0 {
				v = -1
			}
			o.values[i] = v
			o.count += v
		}
		return o
	}
	ls := g.best(s, true)
	rs := g.best(s, false)
	cl, cr := g.value(ls[0]).count, g.value(rs[0]).count
	gote := (cl - cr) / 2
	// The exchanges: a defender's move and the invader's best answer, and
	// the other way round. There is none after a move that ends the game,
	// and such a move threatens nothing.
	byDefender, byInvader := g.answers(s, ls, false), g.answers(s, rs, true)
	defenderSente := len(byDefender) > 0 && mean(ls, func(l state) float64 { return g.value(l).gainDefender }) > gote+eps
	invaderSente := len(byInvader) > 0 && mean(rs, func(r state) float64 { return g.value(r).gainInvader }) > gote+eps

	o := outcome{gainDefender: gote, gainInvader: gote}
	switch {
	case !defenderSente && !invaderSente:
		o.count = (cl + cr) / 2
		o.values = g.average(ls, 0.5, nil)
		o.values = g.average(rs, 0.5, o.values)
		return &o
	case defenderSente && invaderSente:
		// Each side's move is answered, and who starts is a coin toss.
		// Endgame theory has no true double sente (the symmetry article §2.6), but the
		// test above finds it in states off the main lines of the
		// width-two corridors. Counting those as gote instead leaves every
		// lesson's values as they are.
		o.count = (g.count(byDefender) + g.count(byInvader)) / 2
		o.values = g.average(byDefender, 0.5, nil)
		o.values = g.average(byInvader, 0.5, o.values)
	default:
		sente, other := byDefender, byInvader
		if invaderSente {
			sente, other = byInvader, byDefender
		}
		o.count = g.count(sente)
		if len(other) > 0 && abs(g.count(other)-o.count) < eps {
			// Miai: the other side can start as well and be answered
			// back to the same count.
			o.values = g.average(sente, 0.5, nil)
			o.values = g.average(other, 0.5, o.values)
		} else {
			o.values = g.average(sente, 1, nil)
		}
	}
	// After a sente exchange the sente move gains nothing net; what each
	// side's first move threatens is its gain over the settled count.
	o.gainDefender, o.gainInvader = cl-o.count, o.count-cr
	return &o
}

// best returns the states after each of the side's best moves in s: the
// highest count for the defender, the lowest for the invader.
func (g *localGame) best(s state, defender bool) []state {
	moves := s.empty(g.n)
	if !defender {
		moves = g.pushes(s)
	}
	var out []state
	var top float64
	for m := moves; m != 0; m &= m - 1 {
		t := s.play(bits.TrailingZeros32(m), defender)
		c := g.value(t).count
		if !defender {
			c = -c
		}
		switch {
		case len(out) == 0 || c > top+eps:
			out, top = append(out[:0], t), c
		case c > top-eps:
			out = append(out, t)
		}
	}
	return out
}

// answers returns the states after the best answer to each move from s to
// one of from, by the side that did not make it (the defender when
// byDefender), or nil when a game in from is over. Among equally good
// answers it keeps those next to the move, when there are any: an answer
// blocks the threat the move made, as the symmetry article answers a push by blocking in
// front of it. Two blocks of a doubly open corridor leave the same count,
// but the article's values (Fig. 4) are those of the block in front.
func (g *localGame) answers(s state, from []state, byDefender bool) []state {
	var out []state
	for _, f := range from {
		if g.pushes(f) == 0 {
			return nil
		}
		moved := uint32(f^s) | uint32((f^s)>>32)
		near := g.nbr[bits.TrailingZeros32(moved)]
		all := g.best(f, byDefender)
		var local []state
		for _, a := range all {
			if p := uint32(a^f) | uint32((a^f)>>32); p&near != 0 {
				local = append(local, a)
			}
		}
		if len(local) == 0 {
			local = all
		}
		out = append(out, local...)
	}
	return out
}

// average adds weight times the mean of the states' values to acc, which
// it allocates when nil.
func (g *localGame) average(states []state, weight float64, acc []float64) []float64 {
	if acc == nil {
		acc = make([]float64, g.n)
	}
	w := weight / float64(len(states))
	for _, s := range states {
		for i, v := range g.value(s).values {
			acc[i] += w * v
		}
	}
	return acc
}

// count returns the mean count of the states.
func (g *localGame) count(states []state) float64 {
	return mean(states, func(s state) float64 { return g.value(s).count })
}

// mean returns the mean of f over the states.
func mean(states []state, f func(state) float64) float64 {
	sum := 0.0
	for _, s := range states {
		sum += f(s)
	}
	return sum / float64(len(states))
}

// abs returns |x|.
func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
