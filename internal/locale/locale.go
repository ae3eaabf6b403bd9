// Package locale gives the process a locale Fyne can parse before Fyne
// reads it. Fyne's lang package parses $LC_ALL / $LANG in its init and logs
// an error for the POSIX "C" locale, which CI machines and containers use,
// while moyo's command line must print nothing but its own output. Package
// ui, which brings in Fyne, imports this package for its side effect: it
// sets LANG=en_US.UTF-8 when no real locale is set. It imports only
// syscall, so Go initialises it before anything that imports os, Fyne
// included.
package locale

import "syscall"

func init() {
	posix := func(v string) bool {
		switch v {
		case "C", "POSIX", "C.UTF-8", "C.utf8":
			return true
		}
		return false
	}
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v, ok := syscall.Getenv(k); ok && v != "" {
			if !posix(v) {
				return // the first one set decides, and it is a real locale
			}
			syscall.Unsetenv(k)
		}
	}
	syscall.Setenv("LANG", "en_US.UTF-8")
}
