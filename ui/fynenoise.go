package ui

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// What Fyne 2.7.1 prints on a desktop that is working as it should, and
// what moyo does about it, so that a user sees only what needs them.
//
//   - "Preferences load error: EOF": the preferences file is empty. Fyne
//     writes it by truncating it and then writing it out, so a save cut
//     short (a process ended mid-write) leaves it empty, and Fyne reports
//     the empty file at every start until a setting changes. An empty file
//     holds no settings: moyo removes it before Fyne reads it
//     (dropEmptyPreferences), which is what Fyne does with a missing one.
//   - "Getting favorite locations … does not define a VIDEOS folder", at
//     every file dialog: Fyne asks xdg-user-dir for the folders it lists
//     (Documents, Downloads, Music, Pictures, Videos), which answers with
//     the home folder for one the user's desktop does not define, and
//     Fyne reports that although it then lists ~/Videos by itself. It is
//     not an error of the user's or of moyo's: fyneLog leaves it out.

// preferencesPath returns where Fyne 2.7.1 keeps the preferences of the
// app id (fyne.io/fyne/v2/app's storageRoot and internal/app's
// rootConfigDir): under the user's configuration folder on Linux and the
// BSDs, ~/Library/Preferences on macOS, ~/AppData/Roaming on Windows.
func preferencesPath(id string) (string, error) {
	var root string
	switch runtime.GOOS {
	case "darwin":
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		root = filepath.Join(home, "Library", "Preferences")
	case "windows":
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		root = filepath.Join(home, "AppData", "Roaming")
	default:
		dir, err := os.UserConfigDir()
		if err != nil {
			return "", err
		}
		root = dir
	}
	return filepath.Join(root, "fyne", id, "preferences.json"), nil
}

// dropEmptyPreferences removes the preferences file at path when it holds
// nothing but white space: Fyne would report it as an error at every
// start, and a missing file is what Fyne reads as no settings. A file
// with anything in it is left for Fyne to read, and to report.
func dropEmptyPreferences(path string) error {
	data, err := os.ReadFile(path)
	if err != nil || len(bytes.TrimSpace(data)) > 0 {
		return nil // none, unreadable (Fyne says why), or settings
	}
	return os.Remove(path)
}

// fyneLog passes Fyne's log on to w (the standard logger's, which only
// Fyne writes to in moyo), without the reports of a desktop working as it
// should (see above): a report is a line "Fyne error:  REASON" and its
// "  Cause:" and "  At:" lines, one write each.
type fyneLog struct {
	w        io.Writer
	dropping bool // the lines of a report left out
}

// quietReason is the reason of the Fyne report left out.
const quietReason = "Fyne error:  Getting favorite locations"

func (l *fyneLog) Write(p []byte) (int, error) {
	line := string(p)
	switch {
	case strings.Contains(line, "Fyne error: "):
		l.dropping = strings.Contains(line, quietReason)
	case strings.Contains(line, "  Cause: ") || strings.Contains(line, "  At: "):
		// The report's own lines follow its reason.
	default:
		l.dropping = false
	}
	if l.dropping {
		return len(p), nil
	}
	return l.w.Write(p)
}
