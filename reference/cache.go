package reference

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"moyo/internal/wholefile"
	"os"
	"path/filepath"
)

// cacheVersion changes whenever what a cached map means changes, so that
// older maps are computed again.
const cacheVersion = 1

// DefaultCacheDir is where reference maps are cached unless told
// otherwise: moyo/reference in the user's cache directory
// (os.UserCacheDir, $XDG_CACHE_HOME or ~/.cache on Linux), beside the
// final ownerships of package ownership.
func DefaultCacheDir() (string, error) {
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("reference cache: %w", err)
	}
	return filepath.Join(d, "moyo", "reference"), nil
}

// Cache keeps reference maps on disk, one file per map: Dir/<kind>/<the
// SHA-256 of its key>.json. A key is a text that names everything the map
// depends on (the engine and its network, the position as the engine is
// asked about it, the komi, the visits); the file holds the key too, so a
// file is only ever read back for its own key. The zero Cache (Dir "")
// keeps nothing. Files are written whole (a temporary file renamed), so
// runs in several processes may share a cache.
type Cache struct {
	Dir string
}

// cacheEntry is a cache file.
type cacheEntry struct {
	Version int    `json:"version"`
	Key     string `json:"key"`
	// Values are the map in SGF order (index y*size+x). A float64
	// survives JSON exactly, so a cached map equals the computed one.
	Values []float64 `json:"values"`
}

// path returns the file of key among the maps of kind.
func (c Cache) path(kind, key string) string {
	sum := sha256.Sum256([]byte(key))
	return filepath.Join(c.Dir, kind, hex.EncodeToString(sum[:])+".json")
}

// Get returns the map of kind cached under key, and whether there is one
// with n values: a file that is missing, unreadable, of another version or
// key, or of another length counts as none.
func (c Cache) Get(kind, key string, n int) ([]float64, bool) {
	if c.Dir == "" {
		return nil, false
	}
	b, err := os.ReadFile(c.path(kind, key))
	if err != nil {
		return nil, false
	}
	var e cacheEntry
	if json.Unmarshal(b, &e) != nil || e.Version != cacheVersion || e.Key != key || len(e.Values) != n {
		return nil, false
	}
	return e.Values, true
}

// Put caches values as the map of kind under key.
func (c Cache) Put(kind, key string, values []float64) error {
	if c.Dir == "" {
		return nil
	}
	b, err := json.Marshal(cacheEntry{Version: cacheVersion, Key: key, Values: values})
	if err != nil {
		return fmt.Errorf("reference cache: %w", err)
	}
	if err := wholefile.Write(c.path(kind, key), append(b, '\n')); err != nil {
		return fmt.Errorf("reference cache: %w", err)
	}
	return nil
}

// fileHash returns the SHA-256 of the file at path, in hex: what names a
// network or a program in a cache key, so that a file replaced under the
// same name is not taken for the old one.
func fileHash(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
