package pipeline

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// State is what a crawl records about itself in DIR/_state/<shard>.json so
// that --resume can continue it: its identity, its options and its runs.
type State struct {
	CrawlID     string          `json:"crawl_id"`
	Shard       string          `json:"shard"`
	SeedsPath   string          `json:"seeds_path"`
	SeedsDigest string          `json:"seeds_digest"`
	CanaryPath  string          `json:"canary_path"`
	Options     json.RawMessage `json:"options"`
	Args        []string        `json:"args,omitempty"`     // the command line's flags, replayed by --resume
	WorkDir     string          `json:"work_dir,omitempty"` // where the crawl started; --resume resolves relative paths against it
	Runs        []RunState      `json:"runs"`
	Complete    bool            `json:"complete"`
}

// RunState is one run of a crawl.
type RunState struct {
	Run       int32      `json:"run"`
	StartedAt time.Time  `json:"started_at"`
	EndedAt   *time.Time `json:"ended_at,omitempty"`
	Status    string     `json:"status"`
	// ToolVersion is the survey version the run ran (survey.BuildVersion):
	// the crawls row of a killed run, written by the next run, says it.
	ToolVersion string `json:"tool_version,omitempty"`
	// The counts of the run's final crawls row, and whether that row was
	// committed: a run that failed writing (a full disk) could not write
	// it, and the next run writes it from here.
	SeedsRead int64 `json:"seeds_read,omitempty"`
	SeedsBad  int64 `json:"seeds_bad,omitempty"`
	Domains   int64 `json:"domains,omitempty"`
	Recorded  bool  `json:"recorded,omitempty"`
	// Options are the run's options (the crawls row's), kept so that the
	// row of a run killed before it could write it says what that run
	// did; empty in the state of older versions.
	Options json.RawMessage `json:"options,omitempty"`
}

// statePath returns the state file of a shard ("i/n") in dir.
func statePath(dir, shard string) string { return shardFile(dir, shard, ".json") }

// shardFile returns the file of a shard ("i/n") in dir's _state directory
// with the extension ext: _state/shard-IofN.EXT.
func shardFile(dir, shard, ext string) string {
	return filepath.Join(dir, "_state", "shard-"+strings.Replace(shard, "/", "of", 1)+ext)
}

// fileShard returns the shard ("i/n") of a file named by shardFile.
func fileShard(path string) string {
	name := strings.TrimPrefix(filepath.Base(path), "shard-")
	return strings.Replace(strings.TrimSuffix(name, filepath.Ext(name)), "of", "/", 1)
}

// InWorkDir returns path resolved against the crawl's working directory
// when it is relative and the directory is recorded, so that a resume
// started elsewhere finds the files the crawl was given.
func (s *State) InWorkDir(path string) string {
	if path == "" || path == "-" || filepath.IsAbs(path) || s.WorkDir == "" {
		return path
	}
	return filepath.Join(s.WorkDir, path)
}

// LoadState returns the state of a shard ("i/n") of the crawl in dir, so
// that --resume can replay the crawl's flags. It returns an error
// satisfying errors.Is(err, fs.ErrNotExist) when there is none.
func LoadState(dir, shard string) (*State, error) { return loadState(dir, shard) }

// loadState reads a shard's state; it returns fs.ErrNotExist when none.
func loadState(dir, shard string) (*State, error) {
	b, err := os.ReadFile(statePath(dir, shard))
	if err != nil {
		return nil, err
	}
	var s State
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("%s: %w", statePath(dir, shard), err)
	}
	return &s, nil
}

// save writes the state atomically (temporary file, fsync, rename).
func (s *State) save(dir string) error {
	path := statePath(dir, s.Shard)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if _, err := f.Write(append(b, '\n')); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

func isNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }
