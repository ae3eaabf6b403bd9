package engines

import (
	"os"
	"path/filepath"
	"testing"
)

// TestKataGoAt: a program given by path, as KataGo's release archive
// unpacks it, gets the network and the analysis configuration beside it.
func TestKataGoAt(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string, mode os.FileMode) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), mode); err != nil {
			t.Fatal(err)
		}
		return p
	}
	prog := write("katago", "#!/bin/sh\n", 0o755)
	model := write("g170-b6c96.bin.gz", "", 0o644)
	analysis := write("analysis_example.cfg", "numAnalysisThreads = 2\n", 0o644)
	k, err := KataGoAt(prog)
	if err != nil {
		t.Fatal(err)
	}
	if k.Path != prog || k.Model != model || k.AnalysisConfig != analysis {
		t.Errorf("KataGoAt(%s) = %+v, want the network %s and the analysis configuration %s beside it", prog, k, model, analysis)
	}
	if _, err := KataGoAt(filepath.Join(dir, "missing")); err == nil {
		t.Error("KataGoAt of a missing program: no error")
	}
}
