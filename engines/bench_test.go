package engines

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"moyo/internal/testenv"
	"moyo/internal/testutil"
)

// The benchmarks time the real KataGo (../shared/engines/katago: the small
// test network, Eigen on the CPU) per 19×19 position of AlphaGo Master v
// Gu Li, moves 30 to 280: the raw network and searches of 100 and 500
// visits, through GTP one position at a time and through the JSON
// analysis engine a batch at a time, each with KataGo's example
// configuration (GTP: 6 search threads; analysis: 2 positions at once, 16
// threads each) and with moyo's minimal one (a search thread per core;
// analysis: 2 positions at once). Every position is analysed afresh:
// KataGo's caches are cleared between GTP searches, and a batch holds
// distinct positions. Besides the wall time per position they report
// KataGo's CPU time per position, which other work on the machine does
// not inflate as much.
//
//	go test -run '^$' -bench KataGo -benchtime 1x ./engines/

// benchQueries are the positions after moves 30, 55, …, 280.
func benchQueries(tb testing.TB) []Query {
	tb.Helper()
	rec := testutil.ReadRecord(tb, filepath.Join("..", "testdata", "records", "60-2017.01.04-Master-Gu_Li.sgf"))
	var qs []Query
	for n := 30; n <= 280; n += 25 {
		qs = append(qs, RecordQuery(rec, n))
	}
	return qs
}

func BenchmarkKataGoGTP(b *testing.B) {
	f := testenv.KataGo(b)
	qs := benchQueries(b)
	for _, config := range []string{"example", "minimal"} {
		for _, visits := range []int{0, 100, 500} {
			b.Run(fmt.Sprintf("config=%s/visits=%d", config, visits), func(b *testing.B) {
				k := NewKataGo(f.Program, f.GTPConfig, f.Model, "")
				if config == "minimal" {
					k.Config = ""
				}
				k.LogDir = b.TempDir()
				defer k.Close()
				// Load the network before timing.
				if _, err := k.Analyze(context.Background(), PositionQuery(qs[0].Start, 7.5), 0, nil); err != nil {
					b.Fatal(err)
				}
				cpu := cpuTime(b, k.proc)
				b.ResetTimer()
				for i := range b.N {
					for _, q := range qs {
						b.StopTimer()
						if _, err := kataSend(b, k, "clear_cache"); err != nil {
							b.Fatal(err)
						}
						b.StartTimer()
						if _, err := k.Analyze(context.Background(), q, visits, nil); err != nil {
							b.Fatal(i, err)
						}
					}
				}
				reportPerPosition(b, len(qs), cpuTime(b, k.proc)-cpu)
			})
		}
	}
}

func BenchmarkKataGoBatch(b *testing.B) {
	f := testenv.KataGo(b)
	qs := benchQueries(b)
	for _, config := range []string{"example", "minimal"} {
		for _, visits := range []int{0, 100, 500} {
			b.Run(fmt.Sprintf("config=%s/visits=%d", config, visits), func(b *testing.B) {
				k := NewKataGoBatch(f.Program, f.AnalysisConfig, f.Model)
				if config == "minimal" {
					k.Config = ""
				}
				k.LogDir = b.TempDir()
				defer k.Close()
				if _, err := k.Analyze(context.Background(), qs[:1], 0, nil); err != nil {
					b.Fatal(err)
				}
				cpu := cpuTime(b, k.proc)
				b.ResetTimer()
				for i := range b.N {
					// Another komi each round: no answer is cached.
					round := make([]Query, len(qs))
					for j, q := range qs {
						q.Komi = float64(i%20) + 0.5
						round[j] = q
					}
					if _, err := k.Analyze(context.Background(), round, visits, nil); err != nil {
						b.Fatal(err)
					}
				}
				reportPerPosition(b, len(qs), cpuTime(b, k.proc)-cpu)
			})
		}
	}
}

// reportPerPosition reports the wall and the CPU time per position of a
// benchmark that analyses n positions per operation.
func reportPerPosition(b *testing.B, n int, cpu time.Duration) {
	positions := float64(b.N * n)
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/positions, "ms/position")
	b.ReportMetric(float64(cpu.Milliseconds())/positions, "cpu-ms/position")
}

// cpuTime returns the CPU time the process p has used, from Linux's
// /proc/PID/stat (user and system time, in ticks of 1/100 s); 0 where
// there is no /proc.
func cpuTime(b *testing.B, p *kataProc) time.Duration {
	b.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	// pid (comm) state … with utime and stime the 12th and 13th fields
	// after the command.
	_, rest, _ := strings.Cut(string(data), ") ")
	f := strings.Fields(rest)
	if len(f) < 13 {
		b.Fatalf("/proc stat %q", data)
	}
	user, _ := strconv.Atoi(f[11])
	sys, _ := strconv.Atoi(f[12])
	return time.Duration(user+sys) * 10 * time.Millisecond
}
