package workspace

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// The panels' texts are written here, so that what the app says is tested
// without a window; these are the ways they write numbers and names.

// Minus writes the first hyphen of s, a number's sign, as the minus sign
// "−", as the README does.
func Minus(s string) string { return strings.Replace(s, "-", "−", 1) }

// MinusSigns writes the minus signs of the numbers in s as "−": the
// hyphens before a digit at the start or after a space or a parenthesis,
// not those of words ("gauss-seidel"). The fixed point's and the score
// distribution's lines are written with hyphens, as the command line
// prints them.
func MinusSigns(s string) string {
	var b strings.Builder
	for i, r := range s {
		if r == '-' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' && (i == 0 || s[i-1] == ' ' || s[i-1] == '(') {
			b.WriteString("−")
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Plural writes a count of word: "1 stone", "2 liberties".
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	if strings.HasSuffix(word, "y") {
		return strconv.Itoa(n) + " " + strings.TrimSuffix(word, "y") + "ies"
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// FormatDuration writes d in milliseconds with three significant digits.
func FormatDuration(d time.Duration) string {
	ms := float64(d) / float64(time.Millisecond)
	switch {
	case ms < 10:
		return strconv.FormatFloat(ms, 'f', 2, 64) + " ms"
	case ms < 100:
		return strconv.FormatFloat(ms, 'f', 1, 64) + " ms"
	}
	return strconv.FormatFloat(ms, 'f', 0, 64) + " ms"
}

// FormatLeft writes an estimate of the time left, rounded as an estimate
// is: "about 8 s", "about 40 s", "about 3 min", "about 1 h 20 min".
func FormatLeft(d time.Duration) string {
	switch s := d.Seconds(); {
	case s < 1:
		return "less than a second"
	case s < 10:
		return fmt.Sprintf("about %.0f s", s)
	case s < 60:
		return fmt.Sprintf("about %.0f s", math.Round(s/5)*5)
	case s < 3600:
		return fmt.Sprintf("about %.0f min", math.Max(1, math.Round(s/60)))
	}
	m := int(math.Round(d.Minutes()))
	return fmt.Sprintf("about %d h %d min", m/60, m%60)
}

// FormatValue writes a control value with two decimals: "0.94", "−1.00".
func FormatValue(x float64) string {
	return Minus(fmt.Sprintf("%.2f", x+0)) // +0 turns −0 into 0
}

// FormatError writes a difference with its sign: "+0.06", "−0.15".
func FormatError(x float64) string {
	if math.Abs(x) < 0.005 {
		return "0.00"
	}
	return Minus(fmt.Sprintf("%+.2f", x))
}

// FormatGain writes a change in board score with its sign: "+9.72".
func FormatGain(x float64) string { return Minus(fmt.Sprintf("%+.2f", x)) }

// FormatProb writes a probability as a percentage to two significant
// digits, "34%", "5.2%", "0.31%", and "<0.1%" below a thousandth.
func FormatProb(p float64) string {
	switch {
	case p >= 0.0995:
		return fmt.Sprintf("%.0f%%", 100*p)
	case p >= 0.00995:
		return fmt.Sprintf("%.1f%%", 100*p)
	case p >= 0.001:
		return fmt.Sprintf("%.2f%%", 100*p)
	}
	return "<0.1%"
}
