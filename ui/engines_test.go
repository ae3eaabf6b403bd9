package ui

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"moyo/engines"
	"moyo/internal/testenv"
)

// TestCheckEngines starts the real KataGo as Save does: a good setting
// passes, a network KataGo cannot read fails in KataGo's own words, and a
// program that is not there is named.
func TestCheckEngines(t *testing.T) {
	f := testenv.KataGo(t)
	bad := filepath.Join(t.TempDir(), "broken.bin.gz")
	if err := os.WriteFile(bad, []byte("not a network"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	good := engines.Config{GnuGoPath: "", KataGoPath: f.Program, KataGoConfig: f.GTPConfig, KataGoModel: f.Model}
	if err := checkEngines(ctx, good); err != nil {
		t.Errorf("a good KataGo: %v", err)
	}
	broken := good
	broken.KataGoModel = bad
	err := checkEngines(ctx, broken)
	var ke *engines.KataGoError
	if !errors.As(err, &ke) || ke.Message == "" {
		t.Errorf("a broken network: %v, want KataGo's explanation", err)
	}
	t.Logf("broken network: %v", err)
	missing := good
	missing.KataGoPath = "/nonexistent/katago"
	if err := checkEngines(ctx, missing); err == nil || !strings.Contains(err.Error(), "KataGo not found at /nonexistent/katago") {
		t.Errorf("a missing KataGo: %v", err)
	}
}

func TestFoundSummary(t *testing.T) {
	got := foundSummary([]engines.KataGoFound{
		{Path: "/usr/bin/katago", Source: "PATH"},
		{Model: "/home/u/.katrain/kata1.bin.gz", Source: "KaTrain"},
	})
	want := "/usr/bin/katago (PATH)\n(no program) (KaTrain), network /home/u/.katrain/kata1.bin.gz"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if s := foundSummary(nil); !strings.HasPrefix(s, "no KataGo") {
		t.Errorf("none found: %q", s)
	}
}
