package count

import (
	"context"
	"slices"

	"moyo/board"
	"moyo/semeai"
)

// judgement holds the settings of Auto's model.
type judgement struct {
	// playouts is the number of random games played to the end.
	playouts int
	// doubt is the mean ownership, for a chain's own colour, within ±doubt
	// of which a chain is in doubt and left to the races.
	doubt float64
	// raceNodes bounds the search of each race.
	raceNodes int
	// seed seeds the playouts, so that a position is always judged alike.
	seed uint64
}

// autoJudgement returns Auto's settings, measured on the players'
// agreements of online-go.com's final positions (see docs/counting.md).
func autoJudgement() judgement {
	return judgement{playouts: 500, doubt: 0.3, raceNodes: 20000, seed: 1}
}

// Auto is moyo's own judgement of which stones are dead and which are in
// seki at the end of a game, with no engine:
//
//   - A chain alive by Benson's test (unconditionally alive) is alive.
//   - Every other chain is judged by random games played from the
//     position to the end (playouts), in which neither side fills its own
//     eye nor puts a chain of two or more stones in atari without
//     capturing, and a side takes at once a chain the last move left in
//     atari, or saves one of its own the last move put in atari when a
//     move on its liberty gives it two: what every player does at the end
//     of a game, and what keeps random play from killing sekis and living
//     shapes, or letting stones live in the opponent's open territory. A
//     chain its opponent owns at the end of most playouts (a mean
//     ownership beyond ±0.3) is dead; one its own colour keeps is alive.
//   - A chain in doubt between the two is left to the capturing races it
//     is in (package semeai's exhaustive search of the race, with each
//     side moving first), races of two chains in doubt first: a race the
//     search finds a seki whoever moves first is one, a race one side
//     captures in whoever moves first kills the other's block. Where both
//     blocks live within the race (one joins a chain with liberties
//     outside it, say, which may itself be dead on the whole board), or
//     the race is a ko, the race decides nothing. A chain no race
//     settles is dead when the mean ownership of its stones and liberties
//     (the chain with the points around it) favours the opponent.
//   - A chain judged alive, not by Benson's test, that ends most playouts
//     beside an empty point both sides border (a liberty neither could
//     fill) is in seki.
//
// It stops with ctx's error when ctx is cancelled.
func Auto(ctx context.Context, pos *board.Position) (Marking, error) {
	return autoJudgement().judge(ctx, pos)
}

func (jp judgement) judge(ctx context.Context, pos *board.Position) (Marking, error) {
	chains, id := pos.Chains()
	life := pos.UnconditionalLife()
	own, seki, err := playouts(ctx, pos, jp.playouts, jp.seed)
	if err != nil {
		return nil, err
	}
	status := make([]Status, len(chains))
	doubt := make([]bool, len(chains))
	for k, c := range chains {
		if life[c.Stones[0]] == c.Color {
			continue
		}
		switch m := chainMean(own, c); {
		case m < -jp.doubt:
			status[k] = Dead
		case m <= jp.doubt:
			doubt[k] = true
		}
	}
	raced := make([]bool, len(chains))
	if jp.raceNodes > 0 {
		// Races of two chains in doubt first: a seki is one.
		races := semeai.CandidateRaces(pos)
		both := func(r *semeai.Race) bool { return doubt[id[r.Black.Anchor()]] && doubt[id[r.White.Anchor()]] }
		slices.SortStableFunc(races, func(r, q *semeai.Race) int {
			switch {
			case both(r) && !both(q):
				return -1
			case both(q) && !both(r):
				return 1
			}
			return 0
		})
		for _, r := range races {
			b, w := id[r.Black.Anchor()], id[r.White.Anchor()]
			if !doubt[b] && !doubt[w] || raced[b] && raced[w] {
				continue
			}
			s, err := semeai.SearchBoth(ctx, r, jp.raceNodes)
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			if err != nil || len(s.Unchecked) > 0 {
				// Too large to settle (semeai.ErrSearchLimit), or an end
				// that depends, or may depend, on play beyond the race:
				// the playouts judge.
				continue
			}
			set := func(k int, s Status) {
				if doubt[k] && !raced[k] {
					status[k], raced[k] = s, true
				}
			}
			// Neither captured is a seki only where the search finds one:
			// two blocks that both live within the race (one joined to a
			// chain with liberties outside it, say) are left to the
			// playouts, which see the whole board.
			switch {
			case s.Kinds[0] == semeai.Seki && s.Kinds[1] == semeai.Seki:
				set(b, Seki)
				set(w, Seki)
			case s.Kinds[0] == semeai.Capture && s.Kinds[1] == semeai.Capture && s.BlackFirst == s.WhiteFirst:
				if s.BlackFirst == semeai.BlackCaptures {
					set(w, Dead)
				} else {
					set(b, Dead)
				}
			}
		}
	}
	// A living chain that ends most playouts beside a liberty neither
	// side could fill lives in seki.
	for k, c := range chains {
		if status[k] == Alive && life[c.Stones[0]] != c.Color && mean(seki, c.Stones) > 0.5 {
			status[k] = Seki
		}
	}
	m := make(Marking, pos.Len())
	for k, c := range chains {
		if doubt[k] && !raced[k] && areaMean(own, c) < 0 {
			status[k] = Dead
		}
		m.setChain(c, status[k])
	}
	return m, nil
}

// areaMean is the mean of values over c's stones and liberties, positive
// when they favour c's colour: the chain with the points around it.
func areaMean(values []float64, c board.Chain) float64 {
	s := 0.0
	for _, i := range c.Stones {
		s += values[i]
	}
	for _, i := range c.Liberties {
		s += values[i]
	}
	return s / float64(len(c.Stones)+len(c.Liberties)) * float64(c.Color)
}

// mean is the mean of values over the points of at.
func mean(values []float64, at []int) float64 {
	s := 0.0
	for _, i := range at {
		s += values[i]
	}
	return s / float64(len(at))
}
