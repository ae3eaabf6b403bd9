package workspace

import (
	"fmt"

	"moyo/estimators"
	"moyo/render"
)

// Names returns the names of the estimators offered, for the chooser.
func (s *Settings) Names() []string { return names(s.ests) }

// names returns the estimators' names.
func names(es []estimators.Estimator) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.Info().Name)
	}
	return out
}

// PresetShown is the preset the preset chooser shows: the one last
// applied, DefaultsPreset while the parameters are the defaults, the
// PublishedPreset while they are the paper's settings, or "" for
// parameters of one's own.
func (s *Settings) PresetShown() string {
	in := s.est.Info()
	switch {
	case s.Preset() != "":
		return s.Preset()
	case s.Params().Equal(in.Defaults()):
		return DefaultsPreset
	case PublishedPreset(in) != "" && s.Params().Equal(in.PublishedParams()):
		return PublishedPreset(in)
	}
	return ""
}

// PresetChoices lists the chosen estimator's presets for the preset
// chooser: DefaultsPreset first, then the paper's settings where they
// differ, then the shipped presets and the user's read again from their
// directory, with an error naming the files that could not be read.
func (s *Settings) PresetChoices() ([]string, error) {
	ps, err := s.Presets()
	opts := []string{DefaultsPreset}
	if name := PublishedPreset(s.est.Info()); name != "" {
		opts = append(opts, name)
	}
	for _, x := range ps {
		opts = append(opts, x.Name)
	}
	return opts, err
}

// DescribeEstimator describes an estimator for its panel: its title, and the text it
// follows, "After …", with the address where the text can be read, if
// any. An engine, which follows none, says what it runs.
func DescribeEstimator(info estimators.Info) (title, after, url string) {
	cite := info.Paper.Cite()
	if cite == "" {
		cite = info.Source
	}
	return info.Title, "After " + cite, info.Paper.URL
}

// Summaries are the lines the estimator's, the convergence's and the
// ranking's title bars show while their sections are closed.
type Summaries struct {
	// Estimator is "symmetric · defaults", "… · custom".
	Estimator string
	// Convergence is the estimate of the run shown, its iterations and a
	// warning far from the fixed point: "estimate W+15.2 · 39
	// iterations".
	Convergence string
	// Ranking is the best move and its gain: "A B10 +9.72".
	Ranking string
}

// Summaries sums up the settings, the run shown and the ranking.
func (ws *Workspace) Summaries() Summaries {
	s := ws.settings
	preset := s.PresetShown()
	if preset == "" {
		preset = "custom"
	}
	sum := Summaries{Estimator: s.est.Info().Name + " · " + preset}
	if o, ok := ws.runs.Shown(); ok && o.Err == nil {
		sum.Convergence = "estimate " + estimators.FormatEstimate(o.Result.BoardScore(), ws.Komi())
		if o.Est.Info().Iterative {
			sum.Convergence += " · " + Plural(o.Result.Iterations, "iteration")
		}
		// A score far from the fixed point is never shown unannounced.
		if _, warn := ws.fixed.Line(); warn {
			sum.Convergence += " · far from the fixed point"
		}
	}
	if ws.runs.Running() {
		sum.Convergence = "running… " + sum.Convergence
	}
	if r, ok := ws.ranking.Shown(); ok && r.Err == nil && len(r.Moves) > 0 {
		mv := r.Moves[0]
		sum.Ranking = fmt.Sprintf("%c %s %s", render.RankingLetters[0], mv.Label, FormatGain(mv.Gain))
	}
	return sum
}
