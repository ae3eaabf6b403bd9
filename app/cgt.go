package app

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/big"
	"strings"
	"unicode"

	"moyo/cgt"
)

// cgtCommand is 'moyo cgt': one combinatorial game, read in the notation
// of the literature, with what the theory says of it. It is a pocket
// CGSuite for learning the theory, and a way to check package cgt from
// outside.
func cgtCommand(env Env, args []string) int {
	fs := flag.NewFlagSet("cgt", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	coolBy := fs.String("cool", "2", "cool by `T`, a dyadic rational ≥ 0 such as 2, 0.5, 1/4 or 1.25 (2 is Nakamura's semeai cooling, 1 Berlekamp's chilling)")
	format := fs.String("format", "text", "`FORMAT` of the output: text|json")
	ascii := fs.Bool("ascii", false, "write values in CGSuite's plain text: ^ v +- Tiny(2) 7/2 for ↑ ↓ ± ⧾₂ 3½")
	fs.Usage = func() {
		fmt.Fprint(env.Stderr, `usage: moyo cgt [flags] GAME

Read the combinatorial game GAME (- reads standard input) and write its
canonical form, outcome class, stops, mean, temperature and thermograph, the
game cooled by T, and the atomic weights of the two where they have one.

GAME is read as CGSuite reads it, and values are written as CGSuite writes
them (quote GAME for the shell; docs/cgt.md has the whole notation):
  {4|0}  {0,*|0}  {3||2|1} = {3|{2|1}}   Left's options, then Right's
  3  -7/2  3.5  ½                        numbers
  *  *2  *(3+5)                          nimbers
  ^ ^^ ^^^ ^3 v vv v3 ^* ↑ ↓ ⇑           ups and downs, with a star
  ^<2> = {0|v*}   ^[2] = {^|*}           up-second, up to the second
  +-1 = ±1 = {1|-1}  +-{1,1*}  3+-1      switches; 3+-1 = 3 + ±1 = {4|2}
  Tiny(2) ⧾₂ 2.Tiny = {0||0|-2}         tiny two; Miny(2) ⧿₂ = {2|0||0}
  Tiny({2|1}) ⧾_{2|1} = {0|||0||-1|-2}   tiny of a game
  {4|0} + ^ - 1    5*{3||2|1}            sums; products by whole numbers
  2*  3^  3Tiny(2)  -4v                  a number and one term add
Where CGSuite's reading and the literature's differ, GAME is refused, with
the column: 2*3 (CGSuite: 6; write 2+*3), 3^3 (CGSuite: 27; write 3+^3),
2* + 1 (CGSuite: 2 times +1; write (2*) + 1).

Flags:
`)
		fs.PrintDefaults()
	}
	pos, err := parseFlags(env, fs, args, splitGameArgs)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	if len(pos) != 1 {
		return badUsage(env, fs, "want one GAME (quote it for the shell), got %d", len(pos))
	}
	if *format != "text" && *format != "json" {
		return badUsage(env, fs, "unknown format %q (valid: text, json)", *format)
	}
	by, err := cgt.ParseDyadic(*coolBy)
	if err == nil && by.Sign() < 0 {
		err = errors.New("the temperature of cooling must be ≥ 0")
	}
	if err != nil {
		return badUsage(env, fs, "--cool %s: %v", *coolBy, err)
	}
	text := pos[0]
	if text == "-" {
		b, err := io.ReadAll(env.Stdin)
		if err != nil {
			return exitStatus(env, fmt.Errorf("stdin: %w", err))
		}
		text = strings.TrimSpace(string(b))
	}
	tb := cgt.NewTable()
	g, err := tb.Parse(text)
	if err != nil {
		return exitStatus(env, fmt.Errorf("game %q: %w", text, err))
	}
	r := describeGame(tb, text, g, by, *ascii)
	if *format == "json" {
		err = json.NewEncoder(env.Stdout).Encode(r)
	} else {
		_, err = io.WriteString(env.Stdout, r.text())
	}
	if err != nil {
		return exitStatus(env, fmt.Errorf("writing %s output: %w", *format, err))
	}
	return 0
}

// splitGameArgs parses the flags among args with fs and returns the other
// arguments. A game may start with '-' (-7*, -½, -{1|0}), so an argument
// is a flag only when a letter or a second '-' follows the first '-'.
func splitGameArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var flags, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i+1:]...)
			break
		}
		r := []rune(a)
		if len(r) < 2 || r[0] != '-' || !(r[1] == '-' || unicode.IsLetter(r[1])) {
			pos = append(pos, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		if f := fs.Lookup(name); f != nil && i+1 < len(args) {
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !b.IsBoolFlag() {
				i++
				flags = append(flags, args[i]) // the flag's value, whatever it looks like
			}
		}
	}
	return pos, fs.Parse(flags)
}

// cgtReport is what 'moyo cgt' says of a game. Its JSON field names are
// read by other tools and do not change; game is GAME as given, the other
// values are in the game notation (ASCII with --ascii), and null where the
// theory gives none. An atomic weight is that of an infinitesimal, or of
// a number plus an infinitesimal less the number, as Nakamura's tables
// give them.
type cgtReport struct {
	Game               string         `json:"game"`
	Canonical          string         `json:"canonical"`
	Options            string         `json:"options"`
	Outcome            string         `json:"outcome"`
	OutcomeText        string         `json:"outcome_text"`
	Birthday           *big.Int       `json:"birthday"`
	LeftStop           string         `json:"left_stop"`
	RightStop          string         `json:"right_stop"`
	Mean               string         `json:"mean"`
	Temperature        string         `json:"temperature"`
	Thermograph        cgtThermograph `json:"thermograph"`
	Cool               string         `json:"cool"`
	Cooled             string         `json:"cooled"`
	AtomicWeight       *string        `json:"atomic_weight"`
	CooledAtomicWeight *string        `json:"cooled_atomic_weight"`

	// weightText and cooledWeightText are the weights' lines of text, empty
	// for a game without one: a hot game, one whose infinitesimal is not
	// atomic, or a number other than 0.
	weightText, cooledWeightText string
}

// cgtThermograph is a thermograph: each wall as its corners [t, value], from
// t = −1 to the temperature, above which the mast stands.
type cgtThermograph struct {
	Left  [][2]string `json:"left"`
	Right [][2]string `json:"right"`
	Mast  string      `json:"mast"`
}

// describeGame computes the report on g.
func describeGame(tb *cgt.Table, input string, g *cgt.Game, by cgt.Dyadic, ascii bool) cgtReport {
	show := (*cgt.Game).String
	num := cgt.Dyadic.String
	if ascii {
		show, num = (*cgt.Game).ASCII, cgt.Dyadic.ASCII
	}
	wall := func(w cgt.Wall) [][2]string {
		var out [][2]string
		for _, p := range w.Points {
			out = append(out, [2]string{num(p.T), num(p.V)})
		}
		return out
	}
	weight := func(h *cgt.Game) (*string, string) {
		w, err := tb.AtomicWeight(h)
		if err != nil {
			return nil, "" // h is hot, or its infinitesimal is not atomic
		}
		s := show(w)
		x, _ := tb.Numberish(h)
		switch {
		case x.Sign() == 0:
			return &s, s
		case h.IsNumber():
			return &s, ""
		}
		return &s, s + " (of the infinitesimal part " + show(tb.Sub(h, tb.Num(x))) + ")"
	}
	th := tb.Thermograph(g)
	cooled, _ := tb.Cool(g, by) // by ≥ 0 was checked
	o := tb.Outcome(g)
	r := cgtReport{
		Game:        input,
		Canonical:   show(g),
		Options:     g.Braces(ascii),
		Outcome:     o.String(),
		OutcomeText: o.Describe(),
		Birthday:    g.BigBirthday(),
		LeftStop:    num(tb.LeftStop(g)),
		RightStop:   num(tb.RightStop(g)),
		Mean:        num(th.Mast),
		Temperature: num(th.Temperature),
		Thermograph: cgtThermograph{Left: wall(th.Left), Right: wall(th.Right), Mast: num(th.Mast)},
		Cool:        num(by),
		Cooled:      show(cooled),
	}
	r.AtomicWeight, r.weightText = weight(g)
	r.CooledAtomicWeight, r.cooledWeightText = weight(cooled)
	return r
}

// text writes the report as labelled lines, the atomic weights only where
// there are some.
func (r cgtReport) text() string {
	var b strings.Builder
	line := func(label, value string) { fmt.Fprintf(&b, "%-22s %s\n", label+":", value) }
	line("canonical form", r.Canonical)
	line("options", r.Options)
	line("outcome", r.Outcome+" ("+r.OutcomeText+")")
	line("birthday", r.Birthday.String())
	line("stops", r.LeftStop+" (Left first), "+r.RightStop+" (Right first)")
	line("mean", r.Mean)
	line("temperature", r.Temperature)
	corners := func(w [][2]string) string {
		s := make([]string, len(w))
		for i, p := range w {
			s[i] = "(" + p[0] + ", " + p[1] + ")"
		}
		return strings.Join(s, " ")
	}
	line("thermograph", "left wall "+corners(r.Thermograph.Left)+"; right wall "+corners(r.Thermograph.Right)+
		"; mast at "+r.Thermograph.Mast+" above t = "+r.Temperature)
	line("cooled by "+r.Cool, r.Cooled)
	if r.weightText != "" {
		line("atomic weight", r.weightText)
	}
	if r.cooledWeightText != "" {
		line("cooled atomic weight", r.cooledWeightText)
	}
	return b.String()
}
