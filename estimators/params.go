package estimators

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Kind is the sort of value a parameter takes.
type Kind uint8

// The kinds of parameter.
const (
	// Real is a real number, such as λ.
	Real Kind = iota
	// Integer is a whole number, such as an iteration cap.
	Integer
	// Choice is one name from a list, such as a mode or a method.
	Choice
)

// String returns "real", "integer" or "choice".
func (k Kind) String() string {
	switch k {
	case Real:
		return "real"
	case Integer:
		return "integer"
	case Choice:
		return "choice"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Value is the value of one parameter: a number, or for a Choice the name
// chosen.
type Value struct {
	Num  float64
	Text string
}

// Num returns the Value of a number.
func Num(v float64) Value { return Value{Num: v} }

// Text returns the Value of a choice.
func Text(s string) Value { return Value{Text: s} }

// Cond names a choice parameter and the choices under which another
// parameter is read: damping only under the inference methods that pass
// messages, say.
type Cond struct {
	Param string
	Is    []string
}

// ParamSpec describes one parameter of an estimator: its name, as the
// command line, presets and stored settings write it, how the app shows
// it, what values it takes and its default. A parameter belongs to its
// estimator: two estimators may have parameters of the same name with
// other ranges and defaults.
type ParamSpec struct {
	// Name is the parameter's name: "lambda", "max-iter".
	Name string
	// Label is the name on the app's control ("λ"); "" shows Name.
	Label string
	// Doc says in a few words what the parameter does, for the command
	// line's help and the control's tooltip.
	Doc  string
	Kind Kind
	// Min and Max are the range of a number's slider: where it is worth
	// exploring by eye. The estimator's Check decides what is valid, which
	// may be wider.
	Min, Max float64
	// Log asks for a slider on a logarithmic scale (tolerances).
	Log bool
	// Choices lists the names a Choice takes.
	Choices []string
	// ChoiceDocs says in a few plain words what choices of a Choice do,
	// for the hint the app shows where the choice is made; a choice
	// without one has none.
	ChoiceDocs map[string]string
	// Default is moyo's default: the paper's value, or where that stops
	// an iteration short of its fixed point, one that reaches it
	// (Info.Published holds the paper's).
	Default Value
	// When, if not nil, is the condition under which the estimator reads
	// the parameter; the app greys its control out otherwise.
	When *Cond
	// Model marks a parameter of a fitted model rather than a setting to
	// tune by eye, such as a Boltzmann5 coupling: presets and 'moyo fit'
	// set it, the app lists it apart.
	Model bool
}

// label returns the control's label.
func (s ParamSpec) label() string {
	if s.Label != "" {
		return s.Label
	}
	return s.Name
}

// DisplayName is the name the app labels the parameter's control with.
func (s ParamSpec) DisplayName() string { return s.label() }

// Parse reads text, written as on the command line, as a value of the
// parameter: a number, a whole number, or one of the choices.
func (s ParamSpec) Parse(text string) (Value, error) {
	switch s.Kind {
	case Choice:
		if !slices.Contains(s.Choices, text) {
			return Value{}, fmt.Errorf("%s %q is not %s", s.Name, text, choiceList(s.Choices))
		}
		return Text(text), nil
	case Integer:
		n, err := strconv.Atoi(text)
		if err != nil {
			return Value{}, fmt.Errorf("%s %q is not a whole number", s.Name, text)
		}
		return Num(float64(n)), nil
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return Value{}, fmt.Errorf("%s %q is not a number", s.Name, text)
	}
	return Num(f), nil
}

// Format writes v as the command line takes it back.
func (s ParamSpec) Format(v Value) string {
	switch s.Kind {
	case Choice:
		return v.Text
	case Integer:
		return strconv.FormatInt(int64(math.Round(v.Num)), 10)
	}
	return strconv.FormatFloat(v.Num, 'g', -1, 64)
}

// choiceList writes choices as `"a", "b" or "c"`.
func choiceList(choices []string) string {
	if len(choices) == 0 {
		return "any of no choices"
	}
	quoted := make([]string, len(choices))
	for k, c := range choices {
		quoted[k] = strconv.Quote(c)
	}
	list := quoted[len(quoted)-1]
	if len(quoted) > 1 {
		list = strings.Join(quoted[:len(quoted)-1], ", ") + " or " + list
	}
	return list
}

// Params is a set of parameter values by name, for one estimator. It is a
// value: With and Set return a changed copy and leave the receiver as it
// was, so a Params can be handed to a run on another goroutine while the
// app goes on changing its own. The zero Params holds nothing; start from
// Info.Defaults.
type Params struct {
	vals map[string]Value
}

// Get returns the value of parameter name and whether p holds it.
func (p Params) Get(name string) (Value, bool) {
	v, ok := p.vals[name]
	return v, ok
}

// Num returns the number parameter name holds; 0 when p does not hold it.
func (p Params) Num(name string) float64 { return p.vals[name].Num }

// Int returns the whole number parameter name holds, rounded.
func (p Params) Int(name string) int { return int(math.Round(p.vals[name].Num)) }

// Text returns the choice parameter name holds; "" when p does not hold it.
func (p Params) Text(name string) string { return p.vals[name].Text }

// With returns a copy of p with parameter name set to v.
func (p Params) With(name string, v Value) Params {
	q := Params{vals: make(map[string]Value, len(p.vals)+1)}
	maps.Copy(q.vals, p.vals)
	q.vals[name] = v
	return q
}

// WithNum returns a copy of p with the number parameter name set to v.
func (p Params) WithNum(name string, v float64) Params { return p.With(name, Num(v)) }

// WithText returns a copy of p with the choice parameter name set to s.
func (p Params) WithText(name, s string) Params { return p.With(name, Text(s)) }

// Names returns the names of the parameters p holds, sorted.
func (p Params) Names() []string { return slices.Sorted(maps.Keys(p.vals)) }

// Len returns how many parameters p holds.
func (p Params) Len() int { return len(p.vals) }

// Equal reports whether p and q hold the same parameters with the same
// values.
func (p Params) Equal(q Params) bool { return maps.Equal(p.vals, q.vals) }

// String writes p as name=value pairs, sorted by name.
func (p Params) String() string {
	var parts []string
	for _, name := range p.Names() {
		v := p.vals[name]
		if v.Text != "" {
			parts = append(parts, name+"="+v.Text)
		} else {
			parts = append(parts, name+"="+strconv.FormatFloat(v.Num, 'g', -1, 64))
		}
	}
	return strings.Join(parts, " ")
}

// MarshalJSON writes p as one object, a number or a string per name.
func (p Params) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, len(p.vals))
	for name, v := range p.vals {
		if v.Text != "" {
			m[name] = v.Text
		} else {
			m[name] = v.Num
		}
	}
	return json.Marshal(m)
}

// UnmarshalJSON reads an object of numbers and strings, as MarshalJSON
// writes it. It does not check the names and values against an estimator:
// Info.Decode does.
func (p *Params) UnmarshalJSON(data []byte) error {
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	vals := make(map[string]Value, len(m))
	for name, x := range m {
		switch x := x.(type) {
		case float64:
			vals[name] = Num(x)
		case string:
			vals[name] = Text(x)
		default:
			return fmt.Errorf("parameter %s: %v is neither a number nor a name", name, x)
		}
	}
	p.vals = vals
	return nil
}

// Spec returns the spec of the estimator's parameter name.
func (in Info) Spec(name string) (ParamSpec, bool) {
	i := slices.IndexFunc(in.Params, func(s ParamSpec) bool { return s.Name == name })
	if i < 0 {
		return ParamSpec{}, false
	}
	return in.Params[i], true
}

// Uses reports whether the estimator has parameter name.
func (in Info) Uses(name string) bool {
	_, ok := in.Spec(name)
	return ok
}

// Reads reports whether the estimator reads parameter name when its
// parameters are p: it has the parameter, and the parameter's When
// condition, if any, holds.
func (in Info) Reads(name string, p Params) bool {
	s, ok := in.Spec(name)
	if !ok {
		return false
	}
	return s.When == nil || slices.Contains(s.When.Is, p.Text(s.When.Param))
}

// Defaults returns the default of every parameter of the estimator.
func (in Info) Defaults() Params {
	p := Params{vals: make(map[string]Value, len(in.Params))}
	for _, s := range in.Params {
		p.vals[s.Name] = s.Default
	}
	return p
}

// Set returns p with the estimator's parameter name set to text, written
// as on the command line.
func (in Info) Set(p Params, name, text string) (Params, error) {
	s, ok := in.Spec(name)
	if !ok {
		return p, fmt.Errorf("%s has no parameter %q", in.Name, name)
	}
	v, err := s.Parse(text)
	if err != nil {
		return p, fmt.Errorf("%s: %w", in.Name, err)
	}
	return p.With(name, v), nil
}

// Complete returns p with every parameter of the estimator that p does not
// hold at its default.
func (in Info) Complete(p Params) Params {
	q := Params{vals: make(map[string]Value, len(in.Params)+len(p.vals))}
	for _, s := range in.Params {
		q.vals[s.Name] = s.Default
	}
	maps.Copy(q.vals, p.vals)
	return q
}

// CheckKinds reports the first parameter of the estimator that p lacks or
// holds with a value of the wrong kind (a name for a number, a choice not
// on the list), naming it as the command line does. Every Check method
// starts with it, so that an estimator reads only values its specs allow.
func (in Info) CheckKinds(p Params) error {
	for _, s := range in.Params {
		v, ok := p.vals[s.Name]
		switch {
		case !ok:
			return fmt.Errorf("%s: no value for %s", in.Name, s.Name)
		case s.Kind == Choice && !slices.Contains(s.Choices, v.Text):
			return fmt.Errorf("%s: %s %q is not %s", in.Name, s.Name, v.Text, choiceList(s.Choices))
		case s.Kind != Choice && v.Text != "":
			return fmt.Errorf("%s: %s %q is not a number", in.Name, s.Name, v.Text)
		case s.Kind == Integer && v.Num != math.Trunc(v.Num):
			return fmt.Errorf("%s: %s %v is not a whole number", in.Name, s.Name, v.Num)
		}
	}
	return nil
}

// Decode reads parameters stored as JSON by this or an older version of
// moyo over the estimator's defaults, and returns them with the names of
// the stored entries it dropped. Older versions stored every estimator's
// parameters under Go field names ("MaxIter", and a zero "Lambda" for
// gnugo): a name the estimator does not have is tried in that spelling
// ("max-iter"), then, as one of the fields every estimator carried,
// dropped; a name of neither spelling is an error, as is a value of the
// wrong kind. legacy maps old names that changed meaning (bp's inference
// "bp-exact", now a view) and may be nil.
func (in Info) Decode(data []byte) (Params, error) {
	var stored Params
	if err := json.Unmarshal(data, &stored); err != nil {
		return Params{}, fmt.Errorf("%s parameters: %w", in.Name, err)
	}
	p := in.Defaults()
	for _, name := range stored.Names() {
		v := stored.vals[name]
		spec, ok := in.Spec(name)
		if !ok {
			kebab := kebabCase(name)
			if kebab == name {
				return Params{}, fmt.Errorf("%s has no parameter %q", in.Name, name)
			}
			if spec, ok = in.Spec(kebab); !ok {
				continue // a field of another estimator, in the old format
			}
		}
		if spec.Kind == Choice && v.Text == "" {
			continue // the old format's zero value: the default stays
		}
		p = p.With(spec.Name, v)
	}
	if in.Migrate != nil {
		p = in.Migrate(p)
	}
	if err := in.CheckKinds(p); err != nil {
		return Params{}, err
	}
	return p, nil
}

// kebabCase writes a Go field name as a parameter name: "MaxIter" is
// "max-iter", "HStone" is "h-stone".
func kebabCase(s string) string {
	var b strings.Builder
	for i, r := range s {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('-')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// ChoiceOf returns the value of enumeration T whose String is name, among
// the count values from 0, for reading a Choice into its type; 0 when
// none is (a Choice the estimator's Check has accepted always is).
func ChoiceOf[T interface {
	~uint8
	String() string
}](name string, count T) T {
	for v := range count {
		if v.String() == name {
			return v
		}
	}
	return 0
}

// NamesOf returns the names of the count values of enumeration T from 0,
// for a Choice's list.
func NamesOf[T interface {
	~uint8
	String() string
}](count T) []string {
	names := make([]string, count)
	for v := range count {
		names[v] = v.String()
	}
	return names
}

// stopSpecs returns the parameters of an iterative estimator's stopping
// rule: stop when the residual falls below tol, or after max-iter
// iterations; tolMin and tolMax bound the tolerance's slider.
func stopSpecs(tol, tolMin, tolMax float64, maxIter int) []ParamSpec {
	return []ParamSpec{
		{Name: "tol", Label: "tolerance", Doc: "stop when the residual falls below this", Min: tolMin, Max: tolMax, Log: true, Default: Num(tol)},
		{Name: "max-iter", Label: "max iterations", Doc: "iteration cap", Kind: Integer, Min: 1, Max: 100000, Log: true, Default: Num(float64(maxIter))},
	}
}

// StopRule is an iterative estimator's stopping rule: stop when the
// residual falls below Tol, or after MaxIter iterations.
type StopRule struct {
	Tol     float64
	MaxIter int
}

// ReadStop reads the stopping rule of the parameters tol and max-iter.
func ReadStop(p Params) StopRule { return StopRule{Tol: p.Num("tol"), MaxIter: p.Int("max-iter")} }

// Check reports a tolerance that is not a positive number or a cap below
// one iteration, for the estimator called name.
func (s StopRule) Check(name string) error {
	switch {
	case !(s.Tol > 0) || math.IsInf(s.Tol, 1):
		return fmt.Errorf("%s: tol %v is not a positive number", name, s.Tol)
	case s.MaxIter < 1:
		return fmt.Errorf("%s: max-iter %d is less than 1", name, s.MaxIter)
	}
	return nil
}

// dampingSpec returns the parameter of a damped sweep: the share δ of the
// old value each update keeps, v ← δ·v_old + (1 − δ)·v_new; 0 is the
// paper's plain sweep.
func dampingSpec() ParamSpec {
	return ParamSpec{Name: "damping", Doc: "share of the old value each update keeps, v ← δ·old + (1−δ)·new; 0 is the paper's plain sweep",
		Min: 0, Max: 0.95, Default: Num(0)}
}
