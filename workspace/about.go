package workspace

import (
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"moyo/estimators"
)

// About is what Help → About shows: which moyo this is and the texts it
// follows.
type About struct {
	// Version names the build: "commit 1a2b3c4d5e6f, 2026-11-25 06:29
	// UTC" (with ", with uncommitted changes" when built from a changed
	// tree), or "a development build" when the build has no record of its
	// commit (go build -buildvcs=false, or outside a git checkout).
	Version string
	// Go is the Go release the binary was built with, Fyne the Fyne
	// module's version ("" when unknown).
	Go, Fyne string
	// Sources are the texts moyo follows, each with what follows it.
	Sources []Source
}

// Source is a text moyo follows.
type Source struct {
	// Cite is the text as a reference, without a section.
	Cite string
	// URL is where it can be read, "" when moyo knows of none.
	URL string
	// Used says what in moyo follows it: "estimators propagate,
	// symmetric".
	Used string
}

// racePaper is Nakamura 2008, which the race view, the race lessons and the
// cgt and semeai packages follow.
func racePaper() estimators.Paper {
	return estimators.Paper{
		Authors: "Teigo Nakamura",
		Title:   "Evaluating territories of Go positions with capturing races",
		Where:   "BIRS Combinatorial Game Theory Workshop",
		Year:    "2008",
		URL:     "http://www.dumbo.ai.kyutech.ac.jp/~teigo/",
	}
}

// AboutMoyo returns the About of this binary: its build, and the papers
// of ests (one entry per text, naming the estimators that follow it) and
// of the capturing races.
func AboutMoyo(ests []estimators.Estimator) About {
	a := About{Version: "a development build", Go: runtime.Version()}
	if bi, ok := debug.ReadBuildInfo(); ok {
		a.Version = buildVersion(bi)
		for _, d := range bi.Deps {
			if d.Path == "fyne.io/fyne/v2" {
				a.Fyne = d.Version
			}
		}
	}
	var names [][]string
	for _, e := range ests {
		p := e.Info().Paper
		if p == (estimators.Paper{}) {
			continue // an engine, not a text
		}
		p.Section = ""
		k := 0
		for k < len(a.Sources) && a.Sources[k].Cite != p.Cite() {
			k++
		}
		if k == len(a.Sources) {
			a.Sources = append(a.Sources, Source{Cite: p.Cite(), URL: p.URL})
			names = append(names, nil)
		}
		names[k] = append(names[k], e.Info().Name)
	}
	for k, n := range names {
		word := "estimators "
		if len(n) == 1 {
			word = "the estimator "
		}
		a.Sources[k].Used = word + strings.Join(n, ", ")
	}
	race := racePaper()
	a.Sources = append(a.Sources, Source{Cite: race.Cite(), URL: race.URL,
		Used: "the capturing-race view and lessons, moyo cgt and moyo semeai"})
	return a
}

// buildVersion names the commit bi was built from, as About.Version says.
func buildVersion(bi *debug.BuildInfo) string {
	var rev, at string
	var modified bool
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev == "" {
		return "a development build"
	}
	v := "commit " + rev[:min(12, len(rev))]
	if t, err := time.Parse(time.RFC3339, at); err == nil {
		v += ", " + t.UTC().Format("2006-01-02 15:04 UTC")
	}
	if modified {
		v += ", with uncommitted changes"
	}
	return v
}
