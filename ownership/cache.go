package ownership

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"moyo/board"
	"moyo/game"
	"moyo/gtp"
	"moyo/internal/wholefile"
)

// cacheVersion changes whenever what GNU Go is asked, or how, changes, so
// that older judgements are asked again.
const cacheVersion = 1

// DefaultCacheDir is where final ownerships are cached unless told
// otherwise: moyo/ownership in the user's cache directory
// (os.UserCacheDir, $XDG_CACHE_HOME or ~/.cache on Linux).
func DefaultCacheDir() (string, error) {
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("ownership cache: %w", err)
	}
	return filepath.Join(d, "moyo", "ownership"), nil
}

// Key is the cache key of game number index (from 0) of the record whose
// file holds data: the SHA-256 of the file, in hex, followed by "-N" for
// the N-th game of a collection after the first.
func Key(data []byte, index int) string {
	sum := sha256.Sum256(data)
	key := hex.EncodeToString(sum[:])
	if index > 0 {
		key += "-" + strconv.Itoa(index+1)
	}
	return key
}

// entry is a cache file, <key>.json. The judgement (dead and seki stones)
// is what is read back; the rest is there for people and other tools.
type entry struct {
	Version   int      `json:"version"`
	Engine    string   `json:"engine"`
	Size      int      `json:"size"`
	Moves     int      `json:"moves"`
	Komi      float64  `json:"komi"`
	Result    string   `json:"result"`
	Dead      []string `json:"dead"`
	Seki      []string `json:"seki"`
	Area      float64  `json:"area"`
	Territory float64  `json:"territory"`
	// Owner is the grid, Owner[y][x] in SGF coordinates.
	Owner [][]int8 `json:"owner"`
}

// load reads the cached judgement of rec and recomputes its Final from it,
// so that the assignment of points is always the current code's. It
// returns nil when there is no usable entry: missing, unreadable, from an
// older version, or not of this record.
func load(dir, key string, rec *game.Record) *Final {
	b, err := os.ReadFile(filepath.Join(dir, key+".json"))
	if err != nil {
		return nil
	}
	var e entry
	if json.Unmarshal(b, &e) != nil || e.Version != cacheVersion || e.Size != rec.Info.Size || e.Moves != rec.Moves() {
		return nil
	}
	pos := rec.AfterMove(rec.Moves()).Position
	var lists [2][]board.Point
	for k, vs := range [2][]string{e.Dead, e.Seki} {
		for _, v := range vs {
			pt, pass, err := gtp.ParseVertex(v, e.Size)
			if err != nil || pass {
				return nil
			}
			lists[k] = append(lists[k], pt)
		}
	}
	f, err := newFinal(pos, lists[0], lists[1], rec.Moves(), rec.Info.Komi, rec.Info.Result, e.Engine)
	if err != nil {
		return nil
	}
	return f
}

// store writes f to the cache under key. It writes a temporary file and
// renames it, so that a reader, or a Scorer in another process, never sees
// half a file.
func store(dir, key string, f *Final) error {
	e := entry{
		Version: cacheVersion, Engine: f.Engine, Size: f.Size, Moves: f.Moves,
		Komi: f.Komi, Result: f.Result, Area: f.Area, Territory: f.Territory,
		Dead: []string{}, Seki: []string{},
	}
	for _, pt := range f.Dead {
		e.Dead = append(e.Dead, gtp.Vertex(pt, f.Size))
	}
	for _, pt := range f.Seki {
		e.Seki = append(e.Seki, gtp.Vertex(pt, f.Size))
	}
	for y := range f.Size {
		e.Owner = append(e.Owner, f.Owner[y*f.Size:(y+1)*f.Size])
	}
	b, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("ownership cache: %w", err)
	}
	if err := wholefile.Write(filepath.Join(dir, key+".json"), append(b, '\n')); err != nil {
		return fmt.Errorf("ownership cache: %w", err)
	}
	return nil
}
