package workspace

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"moyo/estimators/catalog"
)

// TestAboutMoyo: one source per text, naming the estimators that follow
// it, engines left out, and the races' text last.
func TestAboutMoyo(t *testing.T) {
	a := AboutMoyo(catalog.All())
	if a.Go != runtime.Version() {
		t.Errorf("Go %q, want %q", a.Go, runtime.Version())
	}
	used := map[string]string{}
	for _, s := range a.Sources {
		if s.Cite == "" || s.Used == "" || strings.Contains(s.Cite, "§") {
			t.Errorf("source %+v: no citation, no use, or a section", s)
		}
		used[s.Used] = s.Cite
	}
	for _, want := range []string{
		"estimators propagate, symmetric",
		"the estimator gnugo",
		"the estimator seds",
		"estimators bp, bpl",
		"the capturing-race view and lessons, moyo cgt and moyo semeai",
	} {
		if _, ok := used[want]; !ok {
			t.Errorf("no source used by %q in %+v", want, a.Sources)
		}
	}
	if len(a.Sources) != 5 || !strings.HasPrefix(a.Sources[4].Cite, "Teigo Nakamura, “Evaluating territories") {
		t.Errorf("%d sources, the last %+v", len(a.Sources), a.Sources[len(a.Sources)-1])
	}
}

func TestBuildVersion(t *testing.T) {
	setting := func(kv ...string) *debug.BuildInfo {
		bi := &debug.BuildInfo{}
		for i := 0; i < len(kv); i += 2 {
			bi.Settings = append(bi.Settings, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return bi
	}
	for _, tt := range []struct {
		bi   *debug.BuildInfo
		want string
	}{
		{setting(), "a development build"},
		{setting("vcs.revision", "fd58081a2b3c4d5e6f708192a3b4c5d6e7f80912", "vcs.time", "2026-11-25T06:29:54Z", "vcs.modified", "false"),
			"commit fd58081a2b3c, 2026-11-25 06:29 UTC"},
		{setting("vcs.revision", "fd58081", "vcs.time", "garbled", "vcs.modified", "true"),
			"commit fd58081, with uncommitted changes"},
	} {
		if got := buildVersion(tt.bi); got != tt.want {
			t.Errorf("buildVersion(%v) = %q, want %q", tt.bi.Settings, got, tt.want)
		}
	}
}
