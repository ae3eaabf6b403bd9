package count

import (
	"context"
	"fmt"

	"moyo/board"
	"moyo/estimators"
)

// Method names who judges the dead stones.
type Method string

// The methods.
const (
	// MethodAuto is moyo's own judgement (Auto), with no engine.
	MethodAuto Method = "auto"
	// MethodGnuGo is GNU Go's final_status_list dead and seki, through
	// the gnugo-engine estimator (a StatusLister).
	MethodGnuGo Method = "gnugo"
	// MethodKataGo is KataGo's ownership (FromValues).
	MethodKataGo Method = "katago"
)

// Methods lists the methods, moyo's own first.
func Methods() []Method { return []Method{MethodAuto, MethodGnuGo, MethodKataGo} }

// ParseMethod reads "auto", "gnugo" or "katago".
func ParseMethod(s string) (Method, error) {
	for _, m := range Methods() {
		if string(m) == s {
			return m, nil
		}
	}
	return "", fmt.Errorf("unknown dead-stone judgement %q (valid: auto, gnugo, katago)", s)
}

// Engine is the name of the engine estimator (package engines) the method
// runs, "" for MethodAuto.
func (m Method) Engine() string {
	switch m {
	case MethodGnuGo:
		return "gnugo-engine"
	case MethodKataGo:
		return "katago"
	}
	return ""
}

// Label names who judges in a word or two, for a button: "moyo", "GNU
// Go", "KataGo".
func (m Method) Label() string {
	switch m {
	case MethodGnuGo:
		return "GNU Go"
	case MethodKataGo:
		return "KataGo"
	}
	return "moyo"
}

// Describe says who judges, for a report: "moyo (its own judgement, no
// engine)", "GNU Go (its final_status_list)", "KataGo (its ownership)".
func (m Method) Describe() string {
	switch m {
	case MethodGnuGo:
		return "GNU Go (its final_status_list)"
	case MethodKataGo:
		return "KataGo (its ownership)"
	}
	return "moyo (its own judgement, no engine)"
}

// StatusLister is an engine that lists the dead stones and the stones in
// seki of a final position itself, as GNU Go's final_status_list does.
type StatusLister interface {
	FinalStatus(ctx context.Context, pos *board.Position, komi float64) (dead, seki []board.Point, err error)
}

// Mark judges the dead stones of pos, counted with komi, by method m.
// engine is the estimator m.Engine() names (nil for MethodAuto): one that
// lists the dead and seki stones itself (a StatusLister, GNU Go) is asked
// for its lists, any other for its ownership, read by FromValues.
func Mark(ctx context.Context, pos *board.Position, komi float64, m Method, engine estimators.Estimator) (Marking, error) {
	if m == MethodAuto {
		return Auto(ctx, pos)
	}
	if engine == nil || engine.Info().Name != m.Engine() {
		return nil, fmt.Errorf("judging the dead stones by %s needs the %s engine", m, m.Engine())
	}
	if l, ok := engine.(StatusLister); ok {
		dead, seki, err := l.FinalStatus(ctx, pos, komi)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", m.Describe(), err)
		}
		return FromPoints(pos, dead, seki)
	}
	res, err := engine.Estimate(ctx, pos, engine.Info().Defaults())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", m.Describe(), err)
	}
	return FromValues(pos, res.Values)
}
