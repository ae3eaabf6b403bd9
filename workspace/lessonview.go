package workspace

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"moyo/lesson"
)

// The rows of a lesson's comparison table (LessonView.Cells).
const (
	RowMark = iota // the number drawn on the point
	RowPoint
	RowExact
	RowEstimate
	RowError
	LessonRows
)

// LessonRowNames returns the names of the rows of the comparison table.
func LessonRowNames() [LessonRows]string {
	return [LessonRows]string{"", "point", "exact", "estimate", "error"}
}

// LessonView is what the lesson panel shows of the lesson opened: its
// title and explanation, where it stands among the lessons, and the
// comparison of the run shown with the corridor's exact values.
type LessonView struct {
	// Title is the lesson's title and Text its explanation.
	Title, Text string
	// Info is "Lesson 4 of 21  ·  open at one end  ·  Black's walls,
	// White to move".
	Info string
	// First and Last say the lesson is the first or the last one.
	First, Last bool
	// Cells are the table's rows, each with a column per corridor point;
	// the estimate and the error are "…" and "" while no run of the
	// lesson is shown.
	Cells [LessonRows][]string
	// Far marks the points whose error is a tenth of a point or more.
	Far []bool
	// Total compares the totals over the corridor.
	Total string
}

// View describes the lesson and the run shown.
func (l *LessonMode) View() LessonView {
	c := l.corridor
	size := l.l.Position.Size()
	n := len(l.ws.lessons)
	v := LessonView{
		Title: l.l.Title,
		Text:  l.l.Text,
		Info: fmt.Sprintf("Lesson %d of %d  ·  %s  ·  %s's walls, %s to move",
			l.index+1, n, c.Kind, c.Owner.Name(), l.l.Position.ToMove().Name()),
		First: l.index == 0,
		Last:  l.index == n-1,
		Far:   make([]bool, len(c.Points)),
	}
	cmp, ok := l.Comparison()
	for k, p := range c.Points {
		est, e := "…", ""
		if ok {
			est, e = FormatValue(cmp.Estimate[k]), FormatError(cmp.Error[k])
			v.Far[k] = math.Abs(cmp.Error[k]) >= 0.1
		}
		for r, s := range [LessonRows]string{fmt.Sprint(k + 1), p.Label(size), FormatValue(c.Exact[k]), est, e} {
			v.Cells[r] = append(v.Cells[r], s)
		}
	}
	if !ok {
		v.Total = fmt.Sprintf("Total: exact %s; estimate running…", FormatValue(c.ExactTotal))
	} else {
		v.Total = fmt.Sprintf("Total: estimate %s vs exact %s (error %s)  ·  worst point %.2f",
			FormatValue(cmp.Total), FormatValue(cmp.ExactTotal), FormatError(cmp.TotalError()), cmp.MaxError)
	}
	return v
}

// Setting returns the index in lesson.Settings of the teaching setting in
// use, or −1 for none.
func (l *LessonMode) Setting() int {
	return slices.IndexFunc(lesson.Settings(), l.IsSetting)
}

// SettingLabels names the teaching settings for their buttons, which
// share the width of the panel: each setting's label without the parts
// that every setting of the same estimator has ("stones alive"), which
// the estimator's controls show anyway.
func SettingLabels(settings []lesson.Setting) []string {
	parts := make([][]string, len(settings))
	for i, s := range settings {
		parts[i] = strings.Split(s.Label, ", ")
	}
	var out []string
	for i, s := range settings {
		keep := parts[i][:1] // the estimator's name
		for _, p := range parts[i][1:] {
			shared := 0
			for j, t := range settings {
				if t.Estimator.Info().Name == s.Estimator.Info().Name && slices.Contains(parts[j], p) {
					shared++
				}
			}
			if shared < 2 {
				keep = append(keep, p)
			}
		}
		out = append(out, strings.Join(keep, ", "))
	}
	return out
}
