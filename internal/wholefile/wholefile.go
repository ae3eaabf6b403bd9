// Package wholefile writes files whole, so that a reader, in this process
// or another, sees the old file or the new one and never a part.
package wholefile

import (
	"os"
	"path/filepath"
)

// Write writes data to path through a hidden temporary file in the same
// directory, renamed over path once written and closed; it makes the
// directory first if need be. On an error nothing is left behind.
func Write(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
