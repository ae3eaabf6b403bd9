package workspace

import (
	"fmt"
	"strings"
	"time"

	"moyo/render"
)

// RankView is what the ranking's section says: for whom the moves are
// ranked, how far the ranking is or what it found, and the best moves
// lettered as on the board (render.RankingLetters), one a line.
type RankView struct {
	// Title is "Best for White".
	Title string
	// Summary is the progress, "40 of 137 moves  ·  about 2 min left",
	// why there is no ranking, or "137 moves in 12.3 ms" with the move
	// model's β.
	Summary string
	// Head names the list's columns: "   move    gain  P(move)".
	Head string
	// List is a line per move: "A  B10    +9.72    0.66%".
	List string
}

// longRanking is the time left from which the ranking's progress says
// how to stop it.
const longRanking = 20 * time.Second

// RankView describes the ranking shown, or the one under way.
func (ws *Workspace) RankView() RankView {
	var v RankView
	if pos := ws.Position(); pos != nil {
		v.Title = "Best for " + pos.ToMove().Name()
	}
	rk := ws.ranking
	r, ok := rk.Shown()
	done, total, running := rk.Progress()
	switch {
	case ok && r.Err != nil:
		v.Summary = "error: " + r.Err.Error()
		return v
	case ok:
	case running && total > 0:
		v.Summary = fmt.Sprintf("%d of %s…", done, Plural(total, "move"))
		if left, ok := rk.Left(); ok {
			v.Summary = fmt.Sprintf("%d of %s  ·  %s left", done, Plural(total, "move"), FormatLeft(left))
			if left >= longRanking {
				v.Summary += "  ·  R stops it"
			}
		}
		return v
	case running:
		v.Summary = "ranking…"
		return v
	case ws.runs.Running():
		v.Summary = "waiting for the estimate…"
		return v
	default:
		v.Summary = "no estimate to rank by"
		return v
	}
	v.Summary = fmt.Sprintf("%s in %s", Plural(len(r.Moves), "move"), FormatDuration(r.Elapsed))
	// Beside the change in board score, the move model's P(move) where
	// a β was fitted for the estimator.
	probs, beta, withP := ws.MoveProbs()
	v.Head = "   move    gain"
	if withP {
		v.Summary += "  ·  P(move) ∝ exp(" + Minus(fmt.Sprintf("%.2f", beta)) + "·gain)"
		v.Head += "  P(move)"
	}
	var b strings.Builder
	for i, mv := range r.Moves[:min(len(render.RankingLetters), len(r.Moves))] {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%c  %-4s %7s", render.RankingLetters[i], mv.Label, FormatGain(mv.Gain))
		if withP {
			fmt.Fprintf(&b, "  %7s", FormatProb(probs[i]))
		}
	}
	v.List = b.String()
	return v
}
