package workspace

import (
	"fmt"
	"slices"
	"strings"

	"moyo/board"
	"moyo/semeai"
)

// RaceView is what the race mode's heading and section say: what the
// race is of, a lesson's sequence, how the analysis stands and, once it
// is done, the blocks, a row per region, the verdict, the territory and
// the region chosen.
type RaceView struct {
	// Title is what the race is of, or the lesson's title.
	Title string
	// Lesson says a race lesson is shown: First and Last say it is the
	// first or the last, Text is its explanation, Failing that its
	// failing sequence is shown, Sequence the moves played of it ("2 of
	// 3 moves: B C5, W D6"), and Back and Forward whether it steps back
	// and forward.
	Lesson, First, Last, Failing, Back, Forward bool
	Text, Sequence                              string
	// Candidates are the races found in the position, and Chosen the one
	// analysed, "" for none.
	Candidates []string
	Chosen     string
	// Status is the analysis under way, why there is none, or what to
	// click; Err says it is an error.
	Status string
	Err    bool
	// Further labels the button that analyses a refused race again with
	// a larger limit, or searches it, or the count's check, again with
	// more positions (RaceMode.AnalyseFurther); "" when neither would
	// help.
	Further string
	// Analysed says the other fields are filled.
	Analysed bool
	// Blocks names the blocks and the time the analysis took.
	Blocks string
	// Head names the columns of Rows, and Rows describe the regions, then
	// the sum, a line each.
	Head string
	Rows []RaceRow
	// Outcome says who captures, Verdict explains it, one sentence a
	// line, and Territory is what the race leaves. A race too large to
	// analyse has only Outcome, when an exhaustive search settled it.
	Outcome, Verdict, Territory string
	// Check says whether an exhaustive search agrees with the verdict;
	// Disagrees that it does not, and the outcome is the search's.
	Check     string
	Disagrees bool
	// Thermo describes the chosen region's thermograph; Notes are what
	// the analysis flags about the region.
	Thermo, Notes string
	// Summary is the section's closed line: "cooled 2¾  ·  black captures".
	Summary string
	// Loser says a block is captured with the position's side to move
	// (its stones are crossed), so that the estimate has a block to take
	// as captured (RaceMode.SetCapture).
	Loser bool
}

// RaceRow is a row of the regions' list.
type RaceRow struct {
	// Line is the row's text, in columns under RaceView.Head.
	Line string
	// Region is the region's index, for its colour (render.RegionColor)
	// and RaceMode.Select; −1 for the sum.
	Region int
}

// Clip shortens s, a game written out, to at most n characters, ending
// it with "…". A region where a block can live has games of thousands of
// characters, and a label wrapping a word that long took Fyne 10 s for
// 16,000 characters, on the UI goroutine, at each layout.
func Clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// raceLine writes a row of the regions' list in its columns.
func raceLine(name, side, cooled, temp, terr string) string {
	return fmt.Sprintf("%-4s %-13s %-9s %5s  %s", name, side, cooled, temp, terr)
}

// View describes the race shown.
func (r *RaceMode) View() RaceView {
	v := RaceView{Title: strings.TrimPrefix(r.ws.Title(), "moyo — ")}
	if l, i, ok := r.Lesson(); ok {
		ls, _ := r.ws.RaceLessons()
		moves, played := r.Sequence()
		v.Title, v.Text = l.Title, l.Text
		v.Lesson, v.First, v.Last, v.Failing = true, i == 0, i == len(ls)-1, r.Failing()
		v.Back, v.Forward = played > 0, played < len(moves)
		v.Sequence = fmt.Sprintf("%d of %d moves", played, len(moves))
		if played > 0 {
			v.Sequence += ": " + strings.Join(moves[:played], ", ")
		}
	}
	for _, c := range r.cands {
		v.Candidates = append(v.Candidates, c.Label)
	}
	if k := r.Chosen(); k >= 0 {
		v.Chosen = r.cands[k].Label
	}
	res, ok := r.Result()
	switch {
	case r.Running() && ok && res.undo != nil:
		v.Status = fmt.Sprintf("Checking the count by an exhaustive search further, up to %s positions a side…", thousands(res.CheckNodes))
	case r.Running() && ok:
		v.Status = "Checking the count by an exhaustive search…"
	case ok && res.deeper() > 0:
		v.Further = fmt.Sprintf("Search further: up to %s positions a side", thousands(res.deeper()))
	case r.refused != nil:
		// The regions are outlined on the board, each labelled with its
		// name: the list says which is which, and which was refused.
		// Where the search settles the race it is answered, the count's
		// reason said beside.
		rf := r.refused
		regions := "\n" + strings.Join(rf.regions(), "\n")
		switch n := rf.deeper(); {
		case rf.further > 0 && !rf.searching:
			v.Further = fmt.Sprintf("Analyse further: up to %s positions a region", thousands(rf.further))
		case n > 0:
			v.Further = fmt.Sprintf("Search further: up to %s positions a side", thousands(n))
		}
		switch {
		case rf.counting:
			// Not refused: the search has answered, the count follows.
			v.Status, v.Outcome = "Counting the liberties, to explain the answer…"+regions, rf.rf.AnswerLine()
		case rf.settled():
			v.Status, v.Outcome = rf.rf.CountLine()+regions, rf.searched()
		case rf.searching && rf.undo != nil:
			v.Status, v.Err = r.err.Error()+regions+fmt.Sprintf("\nSearching the race further, up to %s positions a side…", thousands(rf.nodes)), true
		case rf.searching:
			v.Status, v.Err = r.err.Error()+regions+"\nSearching the race instead, for who captures…", true
		default:
			v.Status, v.Err = r.err.Error()+regions+"\n"+rf.searched(), true
		}
		v.Summary = "not analysed"
		if rf.settled() {
			v.Summary = rf.rf.Outcomes().String() + " (by search)"
			v.Loser = rf.loser() != board.Empty
		}
	case r.Running():
		v.Status = "Analysing the race…"
	case r.err != nil:
		v.Status, v.Err = r.err.Error(), true
	case !ok && len(r.picks) == 1:
		v.Status = "Now click a stone of the opposing block."
	case !ok:
		v.Status = "Click a stone of each block of a race, or choose a race found above."
	}
	if !ok {
		return v
	}
	v.Analysed = true
	v.Blocks = fmt.Sprintf("Black's block %s  ·  White's block %s  ·  analysed in %s", res.Black, res.White, FormatDuration(res.Elapsed))
	if res.CheckElapsed > 0 {
		v.Blocks += ", checked by search in " + FormatDuration(res.CheckElapsed)
	}
	v.Head = raceLine("", "liberties of", "cooled", "temp", "territory")
	for k, g := range slices.Concat(res.Regions, []RaceRegion{res.Sum}) {
		side := ""
		if g.Name == "sum" {
			k = -1
		} else {
			side = semeai.RegionSide(g.Kind, g.Defender)
		}
		v.Rows = append(v.Rows, RaceRow{Line: raceLine(g.Name, side, Clip(g.Cooled, 16), g.Temperature, Clip(g.Territory, 16)), Region: k})
	}
	v.Outcome = res.Verdict[len(res.Verdict)-1]
	if m := res.Report.MoveLine(); m != "" {
		v.Outcome += " " + m + ", the small stone on the board."
	}
	v.Loser = res.Loser != board.Empty
	v.Check, v.Disagrees = res.Check, res.Disagrees()
	v.Verdict = strings.Join(res.Verdict[:len(res.Verdict)-1], "\n")
	v.Territory = res.Territory
	if len(res.Semedori) > 0 {
		v.Territory += "\nSemedori (moves that change the count, not the race): " + strings.Join(res.Semedori, "; ")
	}
	g, _ := r.SelectedRegion()
	what := "region " + g.Name
	if g.Name == "sum" {
		what = "the sum"
	}
	switch {
	case g.Life != board.Empty:
		// A count of life as it stands: no liberties to count, and a
		// thermograph that is a mast far off the picture.
		v.Thermo = fmt.Sprintf("%s counts %s's life: a block that lives has no liberties to count, and no thermograph to draw.",
			strings.ToUpper(what[:1])+what[1:], g.Life.Name())
	case g.Temperature == "life":
		// A move here decides whether a block lives: its temperature and
		// mean count nothing, and the picture shows the finite part.
		v.Thermo = fmt.Sprintf("Thermograph of %s: %s. A move here decides whether a block lives, hotter than any count of liberties: the picture shows the walls where they count liberties. Cooled by 2 (the dashed line) it is %s.",
			what, Clip(g.Game, 80), Clip(g.Cooled, 40))
	default:
		v.Thermo = fmt.Sprintf("Thermograph of %s: %s, mean %s, temperature %s. Cooled by 2 (the dashed line) it is %s.",
			what, Clip(g.Game, 80), g.Mean, g.Temperature, Clip(g.Cooled, 40))
	}
	if len(g.Notes) > 0 {
		v.Notes = strings.Join(g.Notes, ". ") + "."
	}
	v.Summary = fmt.Sprintf("cooled %s  ·  %s", Clip(res.Sum.Cooled, 24), res.Report.Short())
	return v
}
