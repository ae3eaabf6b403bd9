package estimators

import (
	"math/rand/v2"
)

// bplRandomModel returns a BoltzmannLiberties model with every parameter
// drawn uniformly from [−scale, scale], couplings shifted up by scale/2 so
// that most are ferromagnetic, as fitted ones are.
func bplRandomModel(r *rand.Rand, scale float64) BoltzmannLiberties {
	var m BoltzmannLiberties
	names := BPLNames()
	for k := range m.Theta {
		m.Theta[k] = scale * (2*r.Float64() - 1)
		if names[k][0] == 'w' {
			m.Theta[k] += scale / 2
		}
	}
	return m
}
