package cgt

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"strings"
)

// Dyadic is an exact dyadic rational m/2^k, the kind of number a short game
// can equal: every number born on a finite day has a power of two for its
// denominator (Lessons in Play and Siegel, Combinatorial Game Theory, on
// numbers). The zero value is 0.
//
// The numerator lives in an int64 while it fits and moves to a math/big
// integer when it does not, so arithmetic never overflows and the common
// case never allocates.
type Dyadic struct {
	num int64    // the numerator, when big is nil
	big *big.Int // the numerator, when it does not fit in an int64; never mutated
	exp uint32   // the denominator is 2^exp; the numerator is odd when exp > 0
}

// Int returns the integer n as a Dyadic.
func Int(n int64) Dyadic { return Dyadic{num: n} }

// NewDyadic returns num/2^exp.
func NewDyadic(num int64, exp uint) Dyadic { return norm(num, uint64(exp)) }

// norm returns num/2^exp in lowest terms.
func norm(num int64, exp uint64) Dyadic {
	if num == 0 {
		return Dyadic{}
	}
	tz := uint64(bits.TrailingZeros64(uint64(num)))
	if tz > exp {
		tz = exp
	}
	if exp-tz > math.MaxUint32 {
		panic("cgt: denominator beyond 2^(2^32)")
	}
	return Dyadic{num: num >> tz, exp: uint32(exp - tz)}
}

// normBig returns n/2^exp in lowest terms, small if it fits.
func normBig(n *big.Int, exp uint64) Dyadic {
	if n.Sign() == 0 {
		return Dyadic{}
	}
	tz := uint64(n.TrailingZeroBits())
	if tz > exp {
		tz = exp
	}
	if tz > 0 {
		n = new(big.Int).Rsh(n, uint(tz))
	}
	if exp-tz > math.MaxUint32 {
		panic("cgt: denominator beyond 2^(2^32)")
	}
	if n.IsInt64() {
		return Dyadic{num: n.Int64(), exp: uint32(exp - tz)}
	}
	return Dyadic{big: n, exp: uint32(exp - tz)}
}

// bigNum returns the numerator as a new big.Int.
func (x Dyadic) bigNum() *big.Int {
	if x.big != nil {
		return new(big.Int).Set(x.big)
	}
	return big.NewInt(x.num)
}

// shl returns a<<d and whether it fits in an int64.
func shl(a int64, d uint32) (int64, bool) {
	if a == 0 {
		return 0, true
	}
	if d >= 63 {
		return 0, false
	}
	r := a << d
	return r, r>>d == a
}

// align returns the numerators of x and y over their common denominator
// 2^exp, when both fit in an int64.
func align(x, y Dyadic) (a, b int64, exp uint32, ok bool) {
	if x.big != nil || y.big != nil {
		return 0, 0, 0, false
	}
	a, b, exp = x.num, y.num, x.exp
	switch {
	case x.exp < y.exp:
		a, ok = shl(a, y.exp-x.exp)
		exp = y.exp
	case y.exp < x.exp:
		b, ok = shl(b, x.exp-y.exp)
	default:
		ok = true
	}
	return a, b, exp, ok
}

// alignBig is align for numerators of any size.
func alignBig(x, y Dyadic) (a, b *big.Int, exp uint32) {
	a, b, exp = x.bigNum(), y.bigNum(), x.exp
	if x.exp < y.exp {
		a.Lsh(a, uint(y.exp-x.exp))
		exp = y.exp
	} else if y.exp < x.exp {
		b.Lsh(b, uint(x.exp-y.exp))
	}
	return a, b, exp
}

// Add returns x + y.
func (x Dyadic) Add(y Dyadic) Dyadic {
	if a, b, exp, ok := align(x, y); ok {
		s := a + b
		if (a >= 0) != (b >= 0) || (s >= 0) == (a >= 0) {
			return norm(s, uint64(exp))
		}
	}
	a, b, exp := alignBig(x, y)
	return normBig(a.Add(a, b), uint64(exp))
}

// Sub returns x − y.
func (x Dyadic) Sub(y Dyadic) Dyadic { return x.Add(y.Neg()) }

// Neg returns −x.
func (x Dyadic) Neg() Dyadic {
	if x.big == nil && x.num != math.MinInt64 {
		return Dyadic{num: -x.num, exp: x.exp}
	}
	return normBig(new(big.Int).Neg(x.bigNum()), uint64(x.exp))
}

// MulInt returns k·x.
func (x Dyadic) MulInt(k int64) Dyadic {
	if x.big == nil {
		hi, lo := bits.Mul64(uint64(abs64(x.num)), uint64(abs64(k)))
		if hi == 0 && lo <= math.MaxInt64 && x.num != math.MinInt64 && k != math.MinInt64 {
			p := int64(lo)
			if (x.num < 0) != (k < 0) {
				p = -p
			}
			return norm(p, uint64(x.exp))
		}
	}
	n := x.bigNum()
	return normBig(n.Mul(n, big.NewInt(k)), uint64(x.exp))
}

func abs64(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

// Ldexp returns x·2^k.
func (x Dyadic) Ldexp(k int) Dyadic {
	if k <= 0 {
		if x.big != nil {
			return normBig(x.big, uint64(x.exp)+uint64(-k))
		}
		return norm(x.num, uint64(x.exp)+uint64(-k))
	}
	if uint64(k) <= uint64(x.exp) {
		return Dyadic{num: x.num, big: x.big, exp: x.exp - uint32(k)}
	}
	k -= int(x.exp)
	if x.big == nil {
		if r, ok := shl(x.num, uint32(k)); ok {
			return Dyadic{num: r}
		}
	}
	n := x.bigNum()
	return normBig(n.Lsh(n, uint(k)), 0)
}

// Cmp returns −1, 0 or +1 as x is less than, equal to or greater than y.
func (x Dyadic) Cmp(y Dyadic) int {
	if a, b, _, ok := align(x, y); ok {
		switch {
		case a < b:
			return -1
		case a > b:
			return 1
		}
		return 0
	}
	a, b, _ := alignBig(x, y)
	return a.Cmp(b)
}

// Equal reports whether x = y.
func (x Dyadic) Equal(y Dyadic) bool { return x.Cmp(y) == 0 }

// Sign returns −1, 0 or +1 as x is negative, zero or positive.
func (x Dyadic) Sign() int {
	if x.big != nil {
		return x.big.Sign()
	}
	switch {
	case x.num < 0:
		return -1
	case x.num > 0:
		return 1
	}
	return 0
}

// IsInteger reports whether x is an integer.
func (x Dyadic) IsInteger() bool { return x.exp == 0 }

// Exp returns k where x = m/2^k in lowest terms: 0 for integers.
func (x Dyadic) Exp() int { return int(x.exp) }

// Int64 returns x as an int64 when x is an integer that fits.
func (x Dyadic) Int64() (int64, bool) {
	if x.exp != 0 || x.big != nil {
		return 0, false
	}
	return x.num, true
}

// Floor returns the greatest integer ≤ x.
func (x Dyadic) Floor() Dyadic {
	if x.exp == 0 {
		return x
	}
	if x.big == nil {
		if x.exp >= 64 {
			return Int(x.num >> 63) // 0 or −1
		}
		return Int(x.num >> x.exp)
	}
	return normBig(new(big.Int).Rsh(x.big, uint(x.exp)), 0)
}

// Ceil returns the least integer ≥ x.
func (x Dyadic) Ceil() Dyadic { return x.Neg().Floor().Neg() }

// Float64 returns the nearest float64 to x.
func (x Dyadic) Float64() float64 {
	if x.big == nil {
		return math.Ldexp(float64(x.num), -int(x.exp))
	}
	f, _ := new(big.Float).SetInt(x.big).Float64()
	return math.Ldexp(f, -int(x.exp))
}

// Rat returns x as a big.Rat.
func (x Dyadic) Rat() *big.Rat {
	den := new(big.Int).Lsh(big.NewInt(1), uint(x.exp))
	return new(big.Rat).SetFrac(x.bigNum(), den)
}

// simplestBetween returns the simplest number strictly between lo and hi,
// either of which may be absent (nil): the number born first, which by
// Conway's simplicity theorem is the value of {lo | hi} when lo < hi
// (On Numbers and Games; Winning Ways). Among integers
// the simplest is the one nearest zero; otherwise it is the one with the
// smallest denominator, which is unique.
func simplestBetween(lo, hi *Dyadic) Dyadic {
	zero := Dyadic{}
	switch {
	case lo == nil && hi == nil:
		return zero
	case hi == nil:
		if lo.Sign() < 0 {
			return zero
		}
		return lo.Floor().Add(Int(1))
	case lo == nil:
		if hi.Sign() > 0 {
			return zero
		}
		return hi.Ceil().Sub(Int(1))
	}
	if lo.Sign() < 0 && hi.Sign() > 0 {
		return zero
	}
	if lo.Sign() >= 0 {
		if n := lo.Floor().Add(Int(1)); n.Cmp(*hi) < 0 {
			return n
		}
	} else if n := hi.Ceil().Sub(Int(1)); n.Cmp(*lo) > 0 {
		return n
	}
	// No integer lies strictly between: the answer is the first multiple
	// of 2^−k above lo, for the least k that puts one below hi.
	for k := 1; ; k++ {
		c := lo.Ldexp(k).Floor().Add(Int(1)).Ldexp(-k)
		if c.Cmp(*hi) < 0 {
			return c
		}
	}
}

// key is a comparable form of a Dyadic, for map keys.
type dyadicKey struct {
	num int64
	big string
	exp uint32
}

func (x Dyadic) key() dyadicKey {
	if x.big != nil {
		return dyadicKey{big: x.big.Text(16), exp: x.exp}
	}
	return dyadicKey{num: x.num, exp: x.exp}
}

// vulgar holds the Unicode fraction glyphs for the fractions with
// denominators 2, 4 and 8, by numerator over 8.
var vulgar = [8]string{"", "⅛", "¼", "⅜", "½", "⅝", "¾", "⅞"}

// String writes x as the game-theory literature does: an integer, or a
// mixed number with a fraction glyph when the denominator is 2, 4 or 8
// (−7½, 2¾, −⅞), or an improper fraction otherwise (53/16).
func (x Dyadic) String() string {
	if x.exp == 0 || x.exp > 3 {
		return x.ASCII()
	}
	var b strings.Builder
	a := x
	if x.Sign() < 0 {
		b.WriteString("-")
		a = x.Neg()
	}
	whole := a.Floor()
	if whole.Sign() != 0 {
		b.WriteString(whole.ASCII())
	}
	eighths, _ := a.Sub(whole).Ldexp(3).Int64()
	b.WriteString(vulgar[eighths])
	return b.String()
}

// ASCII writes x as an integer or an improper fraction: 3, -15/2, 7/16.
func (x Dyadic) ASCII() string {
	if x.big == nil && x.exp == 0 {
		return fmt.Sprint(x.num)
	}
	if x.exp == 0 {
		return x.big.String()
	}
	den := new(big.Int).Lsh(big.NewInt(1), uint(x.exp))
	return x.bigNum().String() + "/" + den.String()
}
