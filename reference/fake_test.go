package reference

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"moyo/internal/testutil"
)

// The fake KataGo is this test binary run again with fakeEnv set to a
// mode: it shows the faults of a batch that the real KataGo cannot be
// made to show (TestKataGoMaps runs the real one).
const fakeEnv = "REFERENCE_FAKE_KATAGO"

// fakeKataGo speaks just enough of KataGo's analysis engine: each query
// is answered with an ownership of 0.25 everywhere, except that a query
// with a komi of 99 is refused, as KataGo refuses a bad field. In mode
// "crash" it dies after its first answer.
func fakeKataGo(mode string) int {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<20)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	answered := 0
	for in.Scan() {
		var q struct {
			ID    string  `json:"id"`
			Komi  float64 `json:"komi"`
			XSize int     `json:"boardXSize"`
		}
		if err := json.Unmarshal(in.Bytes(), &q); err != nil || q.XSize == 0 {
			continue // terminate_all and the like
		}
		if mode == "crash" && answered == 1 {
			out.Flush()
			fmt.Fprintln(os.Stderr, "fake KataGo: out of memory")
			return 134
		}
		if q.Komi == 99 {
			fmt.Fprintf(out, `{"id":%q,"error":"komi is not reasonable","field":"komi"}`+"\n", q.ID)
		} else {
			own := strings.TrimSuffix(strings.Repeat("0.25,", q.XSize*q.XSize), ",")
			fmt.Fprintf(out, `{"id":%q,"isDuringSearch":false,"ownership":[%s],"rootInfo":{"visits":1,"winrate":0.5,"scoreLead":0}}`+"\n", q.ID, own)
		}
		answered++
		out.Flush()
	}
	return 0
}

// fakeBatch returns a KataGo reference run by the fake in mode.
func fakeBatch(t *testing.T, mode string, cache Cache) *KataGo {
	t.Helper()
	testutil.SetFake(t, fakeEnv, mode)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	k := NewKataGo(exe, "", "", 0, cache)
	k.Batch.LogDir = t.TempDir()
	t.Cleanup(func() { k.Close() })
	return k
}

// TestKataGoRefused: a position KataGo refuses is reported by its index,
// for every position that shares it, and the others are analysed.
func TestKataGoRefused(t *testing.T) {
	good := parse(t, "(;SZ[9]KM[7];B[ee];W[cc])")
	bad := parse(t, "(;SZ[9]KM[99];B[ee];W[cc])")
	ps := []Position{{good, 1}, {bad, 2}, {good, 2}, {bad, 2}}
	cache := Cache{Dir: t.TempDir()}
	maps, errs, err := fakeBatch(t, "ok", cache).Maps(context.Background(), ps, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(errs) != 2 || errs[1] == nil || errs[3] == nil || !strings.Contains(errs[1].Error(), "komi is not reasonable") {
		t.Fatalf("errors %v, want positions 1 and 3 refused", errs)
	}
	for _, i := range []int{0, 2} {
		if len(maps[i]) != 81 || maps[i][0] != 0.25 {
			t.Errorf("position %d: %v", i, maps[i])
		}
	}
	if maps[1] != nil || maps[3] != nil {
		t.Error("a refused position has a map")
	}
	files, _ := filepath.Glob(filepath.Join(cache.Dir, "katago", "*.json"))
	if len(files) != 2 {
		t.Errorf("%d maps cached, want the 2 analysed", len(files))
	}
}

// TestKataGoCrash: when KataGo dies in the middle of a batch, Maps fails,
// and what KataGo answered before is cached for the next run.
func TestKataGoCrash(t *testing.T) {
	var ps []Position
	for n := 1; n <= 4; n++ {
		ps = append(ps, Position{parse(t, "(;SZ[9]KM[7];B[ee];W[cc];B[gg];W[cg])"), n})
	}
	cache := Cache{Dir: t.TempDir()}
	_, _, err := fakeBatch(t, "crash", cache).Maps(context.Background(), ps, nil)
	if err == nil || !strings.Contains(err.Error(), "out of memory") {
		t.Fatalf("error %v, want KataGo's last words", err)
	}
	files, _ := filepath.Glob(filepath.Join(cache.Dir, "katago", "*.json"))
	if len(files) != 1 {
		t.Fatalf("%d maps cached, want the one answered", len(files))
	}
	var asked []int
	k := fakeBatch(t, "ok", cache)
	maps, errs, err := k.Maps(context.Background(), ps, func(done, total int) { asked = append(asked, done) })
	if err != nil || len(errs) > 0 {
		t.Fatal(err, errs)
	}
	for i, m := range maps {
		if len(m) != 81 {
			t.Errorf("position %d: %d values", i, len(m))
		}
	}
	// The first report counts the position found in the cache.
	if len(asked) == 0 || asked[0] != 1 || asked[len(asked)-1] != 4 {
		t.Errorf("progress %v, want 1 (cached) … 4", asked)
	}
}

// TestKataGoCancelled: a cancelled run returns the context's error.
func TestKataGoCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ps := []Position{{parse(t, "(;SZ[9]KM[7];B[ee])"), 1}}
	_, _, err := fakeBatch(t, "ok", Cache{Dir: t.TempDir()}).Maps(ctx, ps, nil)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", err)
	}
}
