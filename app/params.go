package app

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"moyo/estimators"
)

// paramFlags defines on fs one flag for every parameter name of the
// estimators ests, in the estimators' own words, and returns the set of
// those names. The flags keep no value of their own: the text given is
// read by the chosen estimator's Info.Set once the flags are parsed (see
// positionOptions.merge), so the same name may mean a number to one
// estimator and a choice to another.
func paramFlags(fs *flag.FlagSet, ests []estimators.Estimator) map[string]bool {
	type use struct {
		est  string
		spec estimators.ParamSpec
	}
	uses := map[string][]use{}
	var names []string
	for _, e := range ests {
		in := e.Info()
		for _, s := range in.Params {
			if _, seen := uses[s.Name]; !seen {
				names = append(names, s.Name)
			}
			uses[s.Name] = append(uses[s.Name], use{in.Name, s})
		}
	}
	isParam := map[string]bool{}
	for _, name := range names {
		us := uses[name]
		var who []string
		for _, u := range us {
			who = append(who, u.est)
		}
		s := us[0].spec
		help := strings.Join(who, ", ") + ": " + s.Doc
		if s.Kind == estimators.Choice {
			help += " (" + strings.Join(s.Choices, "|") + ")"
		}
		// The defaults, once when they agree, else per estimator.
		var defs []string
		for _, u := range us {
			defs = append(defs, u.spec.Format(u.spec.Default))
		}
		if slices.Equal(defs, slices.Repeat(defs[:1], len(defs))) {
			help += fmt.Sprintf(" (default %s)", defs[0])
		} else {
			var per []string
			for i, u := range us {
				per = append(per, u.est+" "+defs[i])
			}
			help += " (default " + strings.Join(per, ", ") + ")"
		}
		fs.String(name, "", help)
		isParam[name] = true
	}
	return isParam
}

// paramValue returns parameter name of p as JSON and the text reports
// write it: a string for a choice, an int for a whole number, else a
// float64.
func paramValue(info estimators.Info, p estimators.Params, name string) any {
	s, _ := info.Spec(name)
	switch s.Kind {
	case estimators.Choice:
		return p.Text(name)
	case estimators.Integer:
		return p.Int(name)
	}
	return p.Num(name)
}

// paramLine writes the estimator's parameters as name=value pairs in the
// order the estimator lists them, without those of a fitted model unless
// they differ from their defaults, for the summary line of a report.
func paramLine(info estimators.Info, p estimators.Params) string {
	var ps []string
	for _, s := range info.Params {
		if v, _ := p.Get(s.Name); s.Model && v == s.Default {
			continue
		}
		ps = append(ps, fmt.Sprintf("%s=%v", s.Name, paramValue(info, p, s.Name)))
	}
	return strings.Join(ps, " ")
}
