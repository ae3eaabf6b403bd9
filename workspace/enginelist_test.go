package workspace

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
	if err := CheckEngines(ctx, good); err != nil {
		t.Errorf("a good KataGo: %v", err)
	}
	broken := good
	broken.KataGoModel = bad
	err := CheckEngines(ctx, broken)
	var ke *engines.KataGoError
	if !errors.As(err, &ke) || ke.Message == "" {
		t.Errorf("a broken network: %v, want KataGo's explanation", err)
	}
	t.Logf("broken network: %v", err)
	missing := good
	missing.KataGoPath = "/nonexistent/katago"
	if err := CheckEngines(ctx, missing); err == nil || !strings.Contains(err.Error(), "KataGo not found at /nonexistent/katago") {
		t.Errorf("a missing KataGo: %v", err)
	}
}

func TestFoundSummary(t *testing.T) {
	got := FoundSummary([]engines.KataGoFound{
		{Path: "/usr/bin/katago", Source: "PATH"},
		{Model: "/home/u/.katrain/kata1.bin.gz", Source: "KaTrain"},
	})
	want := "/usr/bin/katago (PATH)\n(no program) (KaTrain), network /home/u/.katrain/kata1.bin.gz"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if s := FoundSummary(nil); !strings.HasPrefix(s, "no KataGo") {
		t.Errorf("none found: %q", s)
	}
}

// TestEngineList lists the engines with none to be found, then with GNU
// Go where it is installed.
func TestEngineList(t *testing.T) {
	ws := newTest(t, newQueue(), nil, nil)
	l := NewEngineList(ws)
	t.Cleanup(func() { l.Close() })
	n := len(ws.Settings().Estimators())
	bad := engines.Config{GnuGoPath: "/nonexistent/gnugo", KataGoPath: "/nonexistent/katago"}
	if err := l.List(bad); err != nil || len(l.Engines()) != 0 || l.Summary() != "none" || len(ws.Settings().Estimators()) != n {
		t.Fatalf("nothing found: %v, %d engines, %q", err, len(l.Engines()), l.Summary())
	}
	if err := l.List(engines.Config{KataGoPath: "/nonexistent/katago"}); err != nil {
		t.Fatal(err)
	}
	if len(l.Engines()) == 0 {
		t.Skip("GNU Go is not installed")
	}
	if l.Summary() != "gnugo-engine (1)" || len(ws.Settings().Estimators()) != n+1 || len(ws.Reference().Estimators()) == 0 {
		t.Errorf("%q, %d estimators", l.Summary(), len(ws.Settings().Estimators()))
	}
}
