package app

import (
	"strings"
	"testing"

	"moyo/internal/testenv"
)

func TestAnalyzeEngines(t *testing.T) {
	testenv.GnuGo(t)
	const record = "../testdata/records/60-2017.01.04-Master-Gu_Li.sgf"
	tests := []struct {
		name string
		args []string
		code int
		want string // in standard output, or standard error if code ≠ 0
	}{
		{"gnugo-engine", []string{"--estimator", "gnugo-engine", "--move", "20", "--format", "json"}, 0, `"estimator":"gnugo-engine"`},
		{"missing katago", []string{"--estimator", "katago", "--katago", "/nonexistent/katago"}, 2,
			"moyo analyze: katago: KataGo not found at /nonexistent/katago (no such file)\n"},
		{"gnugo path", []string{"--estimator", "gnugo-engine", "--gnugo", "/nonexistent/gnugo"}, 2,
			"moyo analyze: gnugo-engine: GNU Go not found at /nonexistent/gnugo (no such file)\n"},
		{"katago path, another estimator", []string{"--estimator", "symmetric", "--katago", "/nonexistent/katago", "--move", "20", "--format", "json"}, 0, `"estimator":"symmetric"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, stderr := run(t, "", append(append([]string{"analyze"}, tt.args...), record)...)
			got := out
			if tt.code != 0 {
				got = stderr
			}
			if code != tt.code || !strings.Contains(got, tt.want) {
				t.Errorf("exit %d, want %d; output %.300q does not hold %q (stderr %.300q)", code, tt.code, got, tt.want, stderr)
			}
		})
	}
}
