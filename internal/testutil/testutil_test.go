package testutil

import (
	"os"
	"slices"
	"testing"
)

func TestQueue(t *testing.T) {
	q := NewQueue()
	var ran []int
	for i := range 3 {
		q.Post(func() { ran = append(ran, i) })
	}
	q.Until(t, func() bool { return len(ran) == 2 })
	if !slices.Equal(ran, []int{0, 1}) {
		t.Errorf("Until ran %v, want the first two", ran)
	}
	q.Drain()
	if !slices.Equal(ran, []int{0, 1, 2}) {
		t.Errorf("Drain left %v, want all three", ran)
	}
}

func TestRecords(t *testing.T) {
	rec := ParseRecord(t, "(;SZ[9]KM[7];B[ee];W[cc])")
	if rec.Moves() != 2 || rec.Info.Komi != 7 {
		t.Errorf("parsed %d moves, komi %g; want 2, 7", rec.Moves(), rec.Info.Komi)
	}
	rec = ReadRecord(t, "../../testdata/records/60-2017.01.04-Master-Gu_Li.sgf")
	if rec.Moves() != 235 {
		t.Errorf("read %d moves, want 235", rec.Moves())
	}
}

func TestFakeEnv(t *testing.T) {
	env := FakeEnv("TESTUTIL_FAKE", "crash")
	if !slices.Contains(env, "TESTUTIL_FAKE=crash") || !slices.Contains(env, "GORACE=atexit_sleep_ms=0") {
		t.Errorf("FakeEnv lacks the fake or GORACE: %q", env[len(env)-2:])
	}
	SetFake(t, "TESTUTIL_FAKE", "ok")
	if os.Getenv("TESTUTIL_FAKE") != "ok" {
		t.Error("SetFake did not set the fake's mode")
	}
}
