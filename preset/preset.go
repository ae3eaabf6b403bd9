// Package preset stores named parameter sets of an estimator, such as the
// best set 'moyo fit' found, as one JSON file each in a directory, so that
// the command line can save them and the GUI can offer them beside the
// defaults. The same files can be read from any fs.FS, which is how
// moyo reads the presets it ships (package assets).
package preset

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"moyo/estimators"
	"moyo/internal/wholefile"
)

// Ext is the extension of a preset file.
const Ext = ".json"

// Preset is a named parameter set of one estimator.
type Preset struct {
	// Name names the preset; it is also the file's name, without Ext.
	Name string
	// Estimator is the estimator's name, as its Info gives it.
	Estimator string
	// Params are the estimator's parameters, by their names; for bp they
	// include the Boltzmann5 model.
	Params estimators.Params
	// Source says where the values come from, for people.
	Source string
	// Created is when the preset was made.
	Created time.Time
}

// file is a preset as it is stored: the parameters as the estimator's
// Info.Decode reads them, which understands the formats older versions
// wrote, and Model, which versions before the Boltzmann5 parameters became
// bp's own stored beside them under their Go names.
type file struct {
	Name      string             `json:"name"`
	Estimator string             `json:"estimator"`
	Params    json.RawMessage    `json:"params"`
	Model     map[string]float64 `json:"model,omitempty"`
	Source    string             `json:"source,omitempty"`
	Created   time.Time          `json:"created"`
}

// Resolve returns the estimator of ests the preset is for.
func (p Preset) Resolve(ests []estimators.Estimator) (estimators.Estimator, error) {
	e, err := estimators.Find(ests, p.Estimator)
	if err != nil {
		return nil, fmt.Errorf("preset %q: %w", p.Name, err)
	}
	return e, nil
}

// CheckName reports whether name can name a preset: not empty, no path
// separator, not a dot name, no control characters, as the name is also a
// file's.
func CheckName(name string) error {
	switch {
	case strings.TrimSpace(name) == "":
		return errors.New("empty preset name")
	case name == "." || name == ".." || strings.HasPrefix(name, "."):
		return fmt.Errorf("preset name %q starts with a dot", name)
	case strings.ContainsAny(name, `/\`) || strings.ContainsRune(name, filepath.Separator):
		return fmt.Errorf("preset name %q has a path separator", name)
	case len(name) > 100:
		return fmt.Errorf("preset name %q is longer than 100 bytes", name)
	}
	for _, r := range name {
		if r < ' ' || r == 0x7f {
			return fmt.Errorf("preset name %q has a control character", name)
		}
	}
	return nil
}

// Dir returns the preset directory: $MOYO_PRESETS if set, else
// moyo/presets in the user configuration directory.
func Dir() (string, error) {
	if d := os.Getenv("MOYO_PRESETS"); d != "" {
		return d, nil
	}
	c, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("preset directory: %w", err)
	}
	return filepath.Join(c, "moyo", "presets"), nil
}

// check validates p before it is saved.
func (p Preset) check(ests []estimators.Estimator) error {
	if err := CheckName(p.Name); err != nil {
		return err
	}
	e, err := p.Resolve(ests)
	if err != nil {
		return err
	}
	for _, name := range p.Params.Names() {
		if !e.Info().Uses(name) {
			return fmt.Errorf("preset %q: %s has no parameter %q", p.Name, e.Info().Name, name)
		}
	}
	if err := e.Check(p.Params); err != nil {
		return fmt.Errorf("preset %q: %w", p.Name, err)
	}
	return nil
}

// Save writes p, a preset of one of ests, to dir as Name.json, creating
// dir if needed and replacing a preset of the same name. The file is
// written beside and renamed, so a reader never sees half of it.
func Save(dir string, p Preset, ests []estimators.Estimator) error {
	if err := p.check(ests); err != nil {
		return err
	}
	if p.Created.IsZero() {
		p.Created = time.Now()
	}
	params, err := json.Marshal(p.Params)
	if err != nil {
		return fmt.Errorf("preset %q: %w", p.Name, err)
	}
	data, err := json.MarshalIndent(file{Name: p.Name, Estimator: p.Estimator, Params: params, Source: p.Source, Created: p.Created}, "", "  ")
	if err != nil {
		return fmt.Errorf("preset %q: %w", p.Name, err)
	}
	if err := wholefile.Write(filepath.Join(dir, p.Name+Ext), append(data, '\n')); err != nil {
		return fmt.Errorf("preset %q: %w", p.Name, err)
	}
	return nil
}

// Load reads the preset called name, of one of ests, from dir.
func Load(dir, name string, ests []estimators.Estimator) (Preset, error) {
	return loadName(dirFS(dir), dir, name, ests)
}

// LoadFS reads the preset called name, of one of ests, from the root of
// fsys, such as the presets moyo ships embedded in its binary.
func LoadFS(fsys fs.FS, name string, ests []estimators.Estimator) (Preset, error) {
	return loadName(fsys, "", name, ests)
}

// dirFS returns the file system of dir; "" is the current directory, as
// it is to filepath.Join, which Load and List once used.
func dirFS(dir string) fs.FS {
	if dir == "" {
		dir = "."
	}
	return os.DirFS(dir)
}

// loadName reads the preset called name from fsys, whose directory dir
// ("" for none) names its files in errors.
func loadName(fsys fs.FS, dir, name string, ests []estimators.Estimator) (Preset, error) {
	if err := CheckName(name); err != nil {
		return Preset{}, err
	}
	return load(fsys, dir, name+Ext, name, ests)
}

// load reads and checks the preset file file of fsys, which should be
// called name and be of one of ests; dir, fsys's directory or "", only
// names the file in errors.
func load(fsys fs.FS, dir, file, name string, ests []estimators.Estimator) (Preset, error) {
	path := filepath.Join(dir, file)
	data, err := fs.ReadFile(fsys, file)
	if err != nil {
		return Preset{}, fmt.Errorf("preset %q: %w", name, withPath(err, path))
	}
	p, err := decode(data, ests)
	if err != nil {
		return Preset{}, fmt.Errorf("preset %s: %w", path, err)
	}
	if p.Name != name {
		return Preset{}, fmt.Errorf("preset %s: named %q inside", path, p.Name)
	}
	if err := p.check(ests); err != nil {
		return Preset{}, fmt.Errorf("%s: %w", path, err)
	}
	return p, nil
}

// decode reads a preset file's contents, in this version's format or an
// older one's.
func decode(data []byte, ests []estimators.Estimator) (Preset, error) {
	var f file
	if err := json.Unmarshal(data, &f); err != nil {
		return Preset{}, err
	}
	p := Preset{Name: f.Name, Estimator: f.Estimator, Source: f.Source, Created: f.Created}
	e, err := p.Resolve(ests)
	if err != nil {
		return Preset{}, err
	}
	if len(f.Params) == 0 {
		f.Params = []byte("{}")
	}
	if p.Params, err = e.Info().Decode(f.Params); err != nil {
		return Preset{}, err
	}
	if f.Model != nil {
		// An older bp preset: the model beside the parameters, under the
		// Go names of randfield.Boltzmann5, which Decode reads as
		// parameter names.
		model, err := json.Marshal(f.Model)
		if err != nil {
			return Preset{}, err
		}
		m, err := e.Info().Decode(model)
		if err != nil {
			return Preset{}, fmt.Errorf("model: %w", err)
		}
		for _, name := range m.Names() {
			if s, ok := e.Info().Spec(name); ok && s.Model {
				v, _ := m.Get(name)
				p.Params = p.Params.With(name, v)
			}
		}
	}
	return p, nil
}

// withPath gives a *fs.PathError err the path path: os.DirFS reports
// paths inside its directory, and a user looking for the bad file needs
// the whole one.
func withPath(err error, path string) error {
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		pe.Path = path
	}
	return err
}

// List returns the presets of dir sorted by estimator and name, and an
// error for each file that could not be read or is not of one of ests,
// so that one bad file does not hide the others. A missing dir holds no
// presets.
func List(dir string, ests []estimators.Estimator) ([]Preset, []error) {
	return list(dirFS(dir), dir, ests)
}

// ListFS is List for the root of fsys, such as the presets moyo ships
// embedded in its binary.
func ListFS(fsys fs.FS, ests []estimators.Estimator) ([]Preset, []error) {
	return list(fsys, "", ests)
}

// list lists the presets of fsys, whose directory dir ("" for none) names
// its files in errors.
func list(fsys fs.FS, dir string, ests []estimators.Estimator) ([]Preset, []error) {
	entries, err := fs.ReadDir(fsys, ".")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, []error{fmt.Errorf("presets: %w", withPath(err, filepath.Join(dir, ".")))}
	}
	var ps []Preset
	var errs []error
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), Ext)
		if !ok || e.IsDir() || strings.HasPrefix(name, ".") {
			continue
		}
		p, err := load(fsys, dir, e.Name(), name, ests)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		ps = append(ps, p)
	}
	slices.SortFunc(ps, func(a, b Preset) int {
		if c := strings.Compare(a.Estimator, b.Estimator); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	return ps, errs
}

// For returns the presets of ps for the estimator called name, in order.
func For(ps []Preset, name string) []Preset {
	var out []Preset
	for _, p := range ps {
		if p.Estimator == name {
			out = append(out, p)
		}
	}
	return out
}
