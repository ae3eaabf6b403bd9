package reference

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"moyo/engines"
)

// DefaultChunk is how many positions KataGo is sent at once: enough to
// keep its analysis threads and network batches full, few enough that a
// run stopped part way has cached most of what KataGo finished.
const DefaultChunk = 256

// KataGo is KataGo's ownership as a reference: each position is sent to
// KataGo's JSON analysis engine (engines.KataGoBatch) as its record's
// setup and moves (Query), and its ownership read as Black's; Visits ≤ 1
// is the raw network averaged over the board's 8 symmetries, more a
// search. One KataGo process serves every position, a chunk of them at a
// time, and positions asked twice (two records that share an opening) are
// analysed once.
//
// A map is cached under its query (stones, moves, komi, rules), the
// visits, and the SHA-256 of the network file; a search's also under the
// configuration's SHA-256, whose settings steer a search but not the raw
// network. Make one with NewKataGo.
type KataGo struct {
	// Batch is the analysis engine.
	Batch *engines.KataGoBatch
	// Visits is the visits of each search; ≤ 1 is the raw network.
	Visits int
	// Cache keeps the maps.
	Cache Cache
	// Chunk is how many positions are sent at once; 0 is DefaultChunk.
	Chunk int

	once    sync.Once
	engine  string // what names the network (and configuration) in keys
	idError error
}

// NewKataGo returns KataGo's ownership after visits visits (≤ 1: the raw
// network) from the program at path with the analysis configuration
// config and the network model ("" for moyo's minimal configuration and
// KataGo's default network), cached in cache.
func NewKataGo(path, config, model string, visits int, cache Cache) *KataGo {
	return &KataGo{Batch: engines.NewKataGoBatch(path, config, model), Visits: visits, Cache: cache}
}

// Name returns "katago".
func (k *KataGo) Name() string { return "katago" }

// Describe names the network and the visits.
func (k *KataGo) Describe() string {
	net := "its default network"
	if k.Batch.Model != "" {
		net = filepath.Base(k.Batch.Model)
	}
	if k.Visits <= 1 {
		return "KataGo's raw network (" + net + ", 8 symmetries)"
	}
	return fmt.Sprintf("KataGo's search of %d visits (%s)", k.Visits, net)
}

// Close stops KataGo.
func (k *KataGo) Close() error { return k.Batch.Close() }

// identify computes, once, what names the engine in cache keys.
func (k *KataGo) identify() (string, error) {
	k.once.Do(func() {
		b := k.Batch
		var parts []string
		if b.Model != "" {
			h, err := fileHash(b.Model)
			if err != nil {
				k.idError = fmt.Errorf("katago: the network: %w", err)
				return
			}
			parts = append(parts, "network "+h)
		} else {
			// KataGo finds its default network beside the program or in
			// ~/.katago: the program's path is what is known of it.
			abs, _ := filepath.Abs(b.Path)
			parts = append(parts, "default network of "+abs)
		}
		if k.Visits > 1 {
			config := "moyo's minimal configuration"
			if b.Config != "" {
				h, err := fileHash(b.Config)
				if err != nil {
					k.idError = fmt.Errorf("katago: the configuration: %w", err)
					return
				}
				config = "configuration " + h
			}
			parts = append(parts, config)
		}
		k.engine = strings.Join(parts, "\n")
	})
	return k.engine, k.idError
}

// key returns the cache key of q.
func (k *KataGo) key(engine string, q engines.Query) string {
	visits := max(k.Visits, 0)
	if visits <= 1 {
		visits = 0
	}
	return "katago ownership, Black's\n" + engine + "\nvisits " + strconv.Itoa(visits) + "\n" + q.Key()
}

// Maps returns KataGo's ownership of every position (see Source.Maps).
func (k *KataGo) Maps(ctx context.Context, ps []Position, progress func(done, total int)) ([][]float64, map[int]error, error) {
	engine, err := k.identify()
	if err != nil {
		return nil, nil, err
	}
	maps := make([][]float64, len(ps))
	errs := map[int]error{}
	// pending are the distinct queries to ask, each with the positions
	// that share it.
	type ask struct {
		q     engines.Query
		key   string
		n     int   // points
		index []int // in ps
	}
	var pending []*ask
	byKey := map[string]*ask{}
	done := 0
	for i, p := range ps {
		q := Query(p.Record, p.Move)
		key := k.key(engine, q)
		n := q.Size() * q.Size()
		if m, ok := k.Cache.Get(k.Name(), key, n); ok {
			maps[i] = m
			done++
			continue
		}
		if a := byKey[key]; a != nil {
			a.index = append(a.index, i)
			continue
		}
		a := &ask{q: q, key: key, n: n, index: []int{i}}
		byKey[key] = a
		pending = append(pending, a)
	}
	report := func() {
		if progress != nil {
			progress(done, len(ps))
		}
	}
	report()
	chunk := k.Chunk
	if chunk <= 0 {
		chunk = DefaultChunk
	}
	for start := 0; start < len(pending); start += chunk {
		part := pending[start:min(start+chunk, len(pending))]
		qs := make([]engines.Query, len(part))
		for j, a := range part {
			qs[j] = a.q
		}
		// Each map is cached as it arrives, so that a run stopped part
		// way keeps what KataGo finished. done is called on the batch's
		// goroutine, one analysis at a time.
		var putErr error
		_, err := k.Batch.Analyze(ctx, qs, k.Visits, func(j int, an engines.Analysis) {
			a := part[j]
			for _, i := range a.index {
				maps[i] = an.Ownership
			}
			if err := k.Cache.Put(k.Name(), a.key, an.Ownership); err != nil && putErr == nil {
				putErr = err
			}
			done += len(a.index)
			report()
		})
		var be *engines.BatchError
		switch {
		case errors.As(err, &be):
			for j, e := range be.Failed {
				for _, i := range part[j].index {
					errs[i] = e
				}
				done += len(part[j].index)
			}
			report()
		case err != nil:
			return nil, nil, err
		}
		if putErr != nil {
			return nil, nil, putErr
		}
	}
	return maps, errs, nil
}
