package mcp

import (
	"context"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/workspace"
)

type indexStatusParams struct {
	Format string `json:"format,omitempty" enum:"json,toon" default:"json"`
}

func indexStatusTool() mcpgo.Tool {
	return mcpgo.NewTool("index_status",
		mcpgo.WithDescription("Root served and how it was chosen, index age, counts, staleness, unreadable memory files."),
		readOnly(),
	)
}

// status is index_status's answer, and reindex's.
type status struct {
	Root string `json:"root" toon:"root"`
	// RootSource says how the root was chosen: flag (--dir), client_roots,
	// env:NAME, git_root (of the working directory) or working_directory.
	RootSource string `json:"root_source" toon:"root_source"`
	// Warnings say what is wrong with the root: the home directory or /.
	Warnings []string `json:"warnings" toon:"warnings"`
	IndexDir string   `json:"index_dir" toon:"index_dir"`
	// OnDisk says an index is on disk (index_dir, built_at), loaded or not.
	OnDisk     bool   `json:"on_disk" toon:"on_disk"`
	Loaded     bool   `json:"loaded" toon:"loaded"`         // the server has loaded it; counts are its
	Generation uint64 `json:"generation" toon:"generation"` // increases with every refresh
	// BuiltAt is when the index on disk was last written; LoadedAt when
	// the server last loaded or refreshed its view of it.
	BuiltAt         string            `json:"built_at" toon:"built_at"`
	LoadedAt        string            `json:"loaded_at,omitempty" toon:"loaded_at,omitempty"`
	Stale           bool              `json:"stale" toon:"stale"`                       // files changed since; the next call re-indexes them
	MemoriesChanged bool              `json:"memories_changed" toon:"memories_changed"` // memory files changed since
	Counts          workspace.Counts  `json:"counts" toon:"counts"`
	LastRefresh     workspace.Refresh `json:"last_refresh" toon:"last_refresh"`
	MemoryDirs      []string          `json:"memory_dirs" toon:"memory_dirs"`
	Problems        []string          `json:"problems" toon:"problems"`                 // memory files skipped, and why
	ChangeDetection string            `json:"change_detection" toon:"change_detection"` // how a call learns that files changed
}

func (s *Server) indexStatus(ctx context.Context, sn *Snapshot, p indexStatusParams) (*out[status], error) {
	f, err := parseFormat(p.Format)
	if err != nil {
		return nil, err
	}
	return answer(s.statusOf(sn), f)
}

func (s *Server) statusOf(sn *Snapshot) status {
	st := status{Root: s.root, RootSource: string(s.rootSource), Warnings: rootWarnings(s.root),
		MemoryDirs: []string{}, Problems: []string{}}
	if s.rootSource == RootEnv && s.rootEnv != "" {
		st.RootSource += ":" + s.rootEnv
	}
	for _, ms := range s.stores {
		st.MemoryDirs = append(st.MemoryDirs, ms.Dir())
	}
	st.LastRefresh, _ = s.sess.LastRefresh()
	st.ChangeDetection = s.sess.ChangeDetection()
	if s.root != "" {
		if dir, built, ok := workspace.IndexOnDisk(s.root); ok {
			st.IndexDir, st.OnDisk, st.BuiltAt = dir, true, built.UTC().Format(time.RFC3339)
		}
	}
	if sn == nil {
		if st.OnDisk {
			st.Problems = append(st.Problems, "not loaded yet: the first other call loads it (counts are 0 until then)")
		}
		return st
	}
	st.IndexDir, st.Loaded, st.Generation = sn.Index.Dir, true, sn.Gen
	st.LoadedAt = sn.Built.UTC().Format(time.RFC3339)
	if st.BuiltAt == "" {
		st.BuiltAt = st.LoadedAt
	}
	st.Stale, st.MemoriesChanged = s.sess.Changes(sn.View)
	st.Counts = sn.Counts
	for _, p := range sn.Loaded.Problems {
		st.Problems = append(st.Problems, p.Error())
	}
	return st
}
