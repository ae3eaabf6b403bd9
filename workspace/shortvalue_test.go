package workspace

import (
	"testing"

	"moyo/cgt"
)

// TestShortValue checks the values written on the board's points: numbers
// as the table beside it writes them (2¾, not 11/4), a count of life as
// "live", and a value too long for a point as its mean.
func TestShortValue(t *testing.T) {
	tb := cgt.NewTable()
	for _, tt := range []struct{ game, want string }{
		{"11/4", "2¾"},
		{"-5/2", "-2½"},
		{"2*", "2*"},
		{"{4|0}", "{4|0}"},
		{"{3/2|0}", "{1½|0}"},
		{"999", "live"},
		{"-999", "live"},
		{"{4|{2|0}}", "2½~"},
	} {
		g, err := tb.Parse(tt.game)
		if err != nil {
			t.Fatal(err)
		}
		if got := shortValue(tb, g); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.game, got, tt.want)
		}
	}
}
