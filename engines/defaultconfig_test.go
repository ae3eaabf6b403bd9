package engines

import (
	"os"
	"path/filepath"
	"testing"
)

// TestKataGoDefaultConfigSymlink checks where KataGo's default GTP
// configuration is looked for: beside the program, and for a program
// reached through a symbolic link beside the program itself, as KataGo
// does, not beside the link.
func TestKataGoDefaultConfigSymlink(t *testing.T) {
	t.Setenv("HOME", t.TempDir()) // no ~/.katago
	real, bin := t.TempDir(), t.TempDir()
	prog := filepath.Join(real, "katago")
	if err := os.WriteFile(prog, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(bin, "katago")
	if err := os.Symlink(prog, link); err != nil {
		t.Skipf("SKIP: no symbolic links here: %v", err)
	}
	// A configuration beside the link only: KataGo would not find it.
	if err := os.WriteFile(filepath.Join(bin, "default_gtp.cfg"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if kataGoDefaultConfig(link, "gtp") {
		t.Error("a default_gtp.cfg beside the link counts as KataGo's")
	}
	// Beside the program: found, through the link too.
	if err := os.WriteFile(filepath.Join(real, "default_gtp.cfg"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if !kataGoDefaultConfig(link, "gtp") || !kataGoDefaultConfig(prog, "gtp") {
		t.Error("the default_gtp.cfg beside the program is not found")
	}
	if kataGoDefaultConfig(prog, "analysis") {
		t.Error("the analysis engine has a default configuration")
	}
}
