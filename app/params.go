package app

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"moyo/engines"
	"moyo/estimators"
)

// An estimator's parameters reach the position commands three ways, all
// read in the order typed, a later value of a name over an earlier one:
//
//	--param lambda=0.3     one parameter, repeatable
//	--params FILE          a file of them, JSON or NAME=V lines
//	--lambda 0.3           a flag of the parameter's own name, as older
//	                       scripts and the docs write it; left out of -h,
//	                       which would otherwise list bpl's 80 parameters
//
// The text given is read by the chosen estimator's Info.Set once the
// flags are parsed (see positionOptions.merge), so the same name may mean
// a number to one estimator and a choice to another. 'moyo params
// ESTIMATOR' lists them.

// paramSetting is one parameter value the user gave: the parameter's
// name, its value as typed, and where it was given, for messages.
type paramSetting struct {
	name, text string
	from       string // "--param", "--lambda", "FILE:3"
}

// paramSettings collects the parameter values of a command line in the
// order given.
type paramSettings struct {
	list []paramSetting
	// known holds the name of every parameter of the estimators offered,
	// so that a misspelt name is refused at once.
	known map[string]bool
}

// add appends the setting, refusing a name no estimator offered has.
func (s *paramSettings) add(st paramSetting) error {
	if !s.known[st.name] {
		return fmt.Errorf("no estimator has a parameter %q ('moyo params ESTIMATOR' lists them)", st.name)
	}
	s.list = append(s.list, st)
	return nil
}

// names returns the names given, each once, sorted.
func (s *paramSettings) names() []string {
	var names []string
	for _, st := range s.list {
		names = append(names, st.name)
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// from returns where parameter name was last given: "--param", "--lambda"
// or "FILE:3".
func (s *paramSettings) from(name string) string {
	for _, st := range slices.Backward(s.list) {
		if st.name == name {
			return st.from
		}
	}
	return ""
}

// apply sets on p, the parameters of the estimator of info, every setting
// of a parameter the estimator has, in order. Settings of parameters it
// does not have are left for the caller to warn about.
func (s *paramSettings) apply(info estimators.Info, p estimators.Params) (estimators.Params, error) {
	for _, st := range s.list {
		if !info.Uses(st.name) {
			continue
		}
		var err error
		if p, err = info.Set(p, st.name, st.text); err != nil {
			if strings.HasPrefix(st.from, "--") {
				return p, err
			}
			return p, fmt.Errorf("%s: %w", st.from, err)
		}
	}
	return p, nil
}

// paramFlag is --param NAME=V.
type paramFlag struct{ s *paramSettings }

func (f paramFlag) String() string { return "" }

func (f paramFlag) Set(v string) error {
	name, text, ok := strings.Cut(v, "=")
	if !ok || name == "" {
		return fmt.Errorf("want NAME=V, such as lambda=0.3")
	}
	return f.s.add(paramSetting{name: name, text: text, from: "--param"})
}

// paramsFileFlag is --params FILE.
type paramsFileFlag struct{ s *paramSettings }

func (f paramsFileFlag) String() string { return "" }

func (f paramsFileFlag) Set(file string) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	settings, err := readParams(file, data)
	if err != nil {
		return err
	}
	for _, st := range settings {
		if err := f.s.add(st); err != nil {
			return fmt.Errorf("%s: %w", st.from, err)
		}
	}
	return nil
}

// readParams reads a parameter file called name: a JSON object of names
// and values, {"lambda": 0.3, "mode": "alive"}, as the "params" of
// 'moyo analyze --format json' write them, when its first character other
// than a space is "{"; else NAME=V lines, where blank lines and lines
// starting with # are skipped.
func readParams(name string, data []byte) ([]paramSetting, error) {
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '{' {
		var m map[string]any
		if err := json.Unmarshal(t, &m); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		var out []paramSetting
		for _, k := range slices.Sorted(maps.Keys(m)) {
			var text string
			switch v := m[k].(type) {
			case float64:
				text = strconv.FormatFloat(v, 'g', -1, 64)
			case string:
				text = v
			default:
				return nil, fmt.Errorf("%s: parameter %s: %v is neither a number nor a name", name, k, v)
			}
			out = append(out, paramSetting{name: k, text: text, from: name})
		}
		return out, nil
	}
	var out []paramSetting
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		l := strings.TrimSpace(sc.Text())
		if l == "" || l[0] == '#' {
			continue
		}
		k, v, ok := strings.Cut(l, "=")
		if !ok || strings.TrimSpace(k) == "" {
			return nil, fmt.Errorf("%s:%d: want NAME=V, got %q", name, line, l)
		}
		out = append(out, paramSetting{name: strings.TrimSpace(k), text: strings.TrimSpace(v), from: fmt.Sprintf("%s:%d", name, line)})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return out, nil
}

// namedParamFlag is a parameter's flag of its own name, --lambda 0.3:
// the same as --param lambda=0.3, and left out of the usage (printFlags).
type namedParamFlag struct {
	s    *paramSettings
	name string
}

func (f namedParamFlag) String() string { return "" }

func (f namedParamFlag) Set(v string) error {
	return f.s.add(paramSetting{name: f.name, text: v, from: "--" + f.name})
}

// paramFlags defines on fs --param, --params and a hidden flag for every
// parameter name of the estimators ests, and returns where they collect
// what the user gives.
// The usage's example is the first number parameter of the first
// estimator, the default where no other is chosen: lambda=0.44 for
// symmetric.
func paramFlags(fs *flag.FlagSet, ests []estimators.Estimator) *paramSettings {
	s := &paramSettings{known: map[string]bool{}}
	name, value := "lambda", "0.44"
	if len(ests) > 0 {
		ps := ests[0].Info().Params
		if e, err := estimators.Find(ests, defaultEstimator(ests)); err == nil {
			ps = e.Info().Params
		}
		if i := slices.IndexFunc(ps, func(p estimators.ParamSpec) bool { return p.Kind == estimators.Real }); i >= 0 {
			name, value = ps[i].Name, ps[i].Format(ps[i].Default)
		}
	}
	fs.Var(paramFlag{s}, "param", "set the estimator's parameter `NAME=V`, such as "+name+"="+value+"; repeat for more ('moyo params ESTIMATOR' lists them; --NAME V works too)")
	fs.Var(paramsFileFlag{s}, "params", "read parameters from `FILE`: a JSON object {\""+name+"\": "+value+", ...}, or NAME=V lines")
	for _, e := range ests {
		for _, p := range e.Info().Params {
			if s.known[p.Name] {
				continue
			}
			s.known[p.Name] = true
			if fs.Lookup(p.Name) == nil {
				fs.Var(namedParamFlag{s, p.Name}, p.Name, p.Doc)
			}
		}
	}
	return s
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

// paramsCommand is 'moyo params': the estimators and their parameters.
func paramsCommand(env Env, args []string) int {
	fs := flag.NewFlagSet("params", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	format := fs.String("format", "text", "`FORMAT` of the output: text|json")
	fs.Usage = func() {
		fmt.Fprint(env.Stderr, `usage: moyo params [flags] [ESTIMATOR]

List an estimator's parameters: name, type, default, range and meaning.
Without ESTIMATOR, list the estimators and how many parameters each has.
The position commands (analyze, rank, game, mixing) set a parameter with
--param NAME=V or a flag of its name (--lambda 0.3); eval and fit with
--estimators and --grid.

Flags:
`)
		printFlags(env.Stderr, fs)
	}
	pos, err := parseFlags(env, fs, args, parseInterspersed)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	if *format != "text" && *format != "json" {
		return badUsage(env, fs, "unknown format %q (valid: text, json)", *format)
	}
	ests := append(slices.Clip(env.estimators()), engines.Unstarted()...)
	var infos []estimators.Info
	switch len(pos) {
	case 0:
		for _, e := range ests {
			infos = append(infos, e.Info())
		}
	case 1:
		e, err := estimators.Find(ests, pos[0])
		if err != nil {
			return badUsage(env, fs, "%v", err)
		}
		infos = []estimators.Info{e.Info()}
	default:
		return badUsage(env, fs, "want at most one ESTIMATOR, got %d", len(pos))
	}
	switch {
	case *format == "json" && len(pos) == 0:
		err = writeJSON(env.Stdout, estimatorsJSON(infos, false))
	case *format == "json":
		err = writeJSON(env.Stdout, estimatorsJSON(infos, true)[0])
	case len(pos) == 0:
		writeEstimatorList(env.Stdout, infos)
	default:
		writeParams(env.Stdout, infos[0])
	}
	if err != nil {
		fmt.Fprintf(env.Stderr, "moyo: %v\n", err)
		return 1
	}
	return 0
}

// jsonParamsEstimator is an estimator in the JSON of 'moyo params'.
type jsonParamsEstimator struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	// Count is the number of its parameters, and Params the parameters
	// themselves when one estimator is asked for.
	Count  int         `json:"param_count"`
	Params []jsonParam `json:"params,omitempty"`
}

// jsonParam is a parameter in the JSON of 'moyo params', with the
// fields of its row of the table.
type jsonParam struct {
	Name    string   `json:"name"`
	Type    string   `json:"type"`
	Default any      `json:"default"`
	Min     *float64 `json:"min,omitempty"`
	Max     *float64 `json:"max,omitempty"`
	Log     bool     `json:"log,omitempty"`
	Choices []string `json:"choices,omitempty"`
	Doc     string   `json:"doc"`
	// When is the condition under which the estimator reads it, as
	// {"solver": ["jacobi"]}; absent when it always does.
	When  map[string][]string `json:"when,omitempty"`
	Model bool                `json:"model,omitempty"`
}

// estimatorsJSON returns the estimators of infos as JSON, with their
// parameters when params is set.
func estimatorsJSON(infos []estimators.Info, params bool) []jsonParamsEstimator {
	out := make([]jsonParamsEstimator, len(infos))
	for i, in := range infos {
		out[i] = jsonParamsEstimator{Name: in.Name, Title: in.Title, Count: len(in.Params)}
		if !params {
			continue
		}
		out[i].Params = []jsonParam{}
		for _, s := range in.Params {
			jp := jsonParam{Name: s.Name, Type: paramType(s), Doc: s.Doc, Model: s.Model}
			if s.Kind == estimators.Choice {
				jp.Default, jp.Choices = s.Default.Text, s.Choices
			} else {
				lo, hi := s.Min, s.Max
				jp.Default, jp.Min, jp.Max, jp.Log = s.Default.Num, &lo, &hi, s.Log
			}
			if s.When != nil {
				jp.When = map[string][]string{s.When.Param: s.When.Is}
			}
			out[i].Params = append(out[i].Params, jp)
		}
	}
	return out
}

// writeJSON writes v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// writeEstimatorList writes a line for each estimator: its name, its
// number of parameters and its title.
func writeEstimatorList(w io.Writer, infos []estimators.Info) {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "ESTIMATOR\tPARAMETERS\tWHAT")
	for _, in := range infos {
		fmt.Fprintf(tw, "%s\t%d\t%s\n", in.Name, len(in.Params), in.Title)
	}
	tw.Flush()
	fmt.Fprintln(w, "\n'moyo params ESTIMATOR' lists an estimator's parameters.")
}

// writeParams writes the table of the parameters of the estimator of in:
// the settings first, then those of a fitted model.
func writeParams(w io.Writer, in estimators.Info) {
	fmt.Fprintf(w, "%s: %s\n", in.Name, in.Title)
	if c := in.Paper.Cite(); c != "" {
		fmt.Fprintf(w, "after %s\n", c)
	}
	if len(in.Params) == 0 {
		fmt.Fprintln(w, "\nIt has no parameters.")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	row := func(s estimators.ParamSpec) {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", s.Name, paramType(s), s.Format(s.Default), paramRange(s), paramMeaning(s))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(tw, "NAME\tTYPE\tDEFAULT\tRANGE\tMEANING")
	model := 0
	for _, s := range in.Params {
		if s.Model {
			model++
			continue
		}
		row(s)
	}
	if model > 0 {
		// A line without a tab ends tw's columns: the model's are
		// aligned on their own.
		fmt.Fprintf(tw, "\nThe %d parameters of the fitted model (presets and 'moyo fit' set them):\n", model)
		for _, s := range in.Params {
			if s.Model {
				row(s)
			}
		}
	}
	tw.Flush()
	fmt.Fprintln(w, "\nA number's range is where it is worth exploring, as the app's slider spans it;")
	fmt.Fprintln(w, "the estimator accepts what it can compute with, which may be wider.")
}

// paramType names a parameter's kind as the help of a flag does.
func paramType(s estimators.ParamSpec) string {
	switch s.Kind {
	case estimators.Choice:
		return "choice"
	case estimators.Integer:
		return "int"
	}
	return "float"
}

// paramRange writes a number's range, "0 … 1" (log scale marked), or a
// choice's names, "alive|judged".
func paramRange(s estimators.ParamSpec) string {
	if s.Kind == estimators.Choice {
		return strings.Join(s.Choices, "|")
	}
	r := s.Format(estimators.Num(s.Min)) + " … " + s.Format(estimators.Num(s.Max))
	if s.Log {
		r += " (log)"
	}
	return r
}

// paramMeaning is a parameter's description, with the condition under
// which the estimator reads it.
func paramMeaning(s estimators.ParamSpec) string {
	if s.When == nil {
		return s.Doc
	}
	return fmt.Sprintf("%s (read when %s is %s)", s.Doc, s.When.Param, strings.Join(s.When.Is, " or "))
}
