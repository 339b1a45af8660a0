package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/gortex/gortex/indexer"
)

// Targets of issue 33 on every repository of the panel, against gortex
// version measured in the same run.
const (
	targetPanelWhy    = 2.0                  // gortex why ÷ gortex version, CPU
	targetPanelUpdate = 3.0                  // re-index after one change ÷ gortex version, CPU
	targetPanelMCP    = 5 * time.Millisecond // the MCP server's why, warm, p50
)

// panelRow is what one repository of the panel showed.
type panelRow struct {
	repo, query, touch string
	versions, whys     []measured // in turn: a version, then a why
	updates            []measured
	mcp                mcpResult
}

// panel measures each repository of o.panel in a local clone (its history
// kept, for the commits of why; nothing written into the repository):
// gortex index, then gortex version and gortex why of one of its symbols
// in turn o.whys times (process start measured beside the command), the
// re-index after a blank line is appended to one of its source files
// o.updates times, and the MCP server's why.
func (b *bench) panel(ctx context.Context) error {
	for _, src := range b.o.panel {
		row, err := b.panelRepo(ctx, src)
		if err != nil {
			return fmt.Errorf("panel %s: %w", src, err)
		}
		b.r.panel = append(b.r.panel, row)
	}
	return nil
}

func (b *bench) panelRepo(ctx context.Context, src string) (panelRow, error) {
	row := panelRow{repo: src}
	tmp, err := os.MkdirTemp("", "gortex-bench-panel-")
	if err != nil {
		return row, err
	}
	defer func() {
		if b.o.keep {
			fmt.Fprintf(b.log, "gortex-bench: kept %s\n", tmp)
			return
		}
		os.RemoveAll(tmp)
	}()
	root := filepath.Join(tmp, filepath.Base(src))
	progressf(b.log, "panel: cloning %s", src)
	if _, err := mustSucceed(ctx, "git", "clone", "-q", src, root); err != nil {
		return row, err
	}
	progressf(b.log, "panel: indexing %s", root)
	if _, err := mustSucceed(ctx, b.bin, "index", "--quiet", root); err != nil {
		return row, err
	}
	ps, err := b.pick(ctx, root, 1)
	if err != nil || len(ps) == 0 {
		return row, fmt.Errorf("no symbol to ask why about (%v)", err)
	}
	row.query = ps[0].Query
	if row.touch, err = panelTouch(ctx, root); err != nil {
		return row, err
	}
	progressf(b.log, "panel: %d runs of gortex version and gortex why %s in turn", b.o.whys, row.query)
	for range b.o.whys {
		v, err := mustSucceed(ctx, b.bin, "version")
		if err != nil {
			return row, err
		}
		w, err := b.whyRun(ctx, root, row.query)
		if err != nil {
			return row, err
		}
		row.versions, row.whys = append(row.versions, v.measured), append(row.whys, w)
	}
	progressf(b.log, "panel: %d re-index runs after a change to %s", b.o.updates, row.touch)
	for range b.o.updates {
		if err := appendLine(filepath.Join(root, filepath.FromSlash(row.touch)), ""); err != nil {
			return row, err
		}
		c, err := mustSucceed(ctx, b.bin, "index", root)
		if err != nil {
			return row, err
		}
		if !strings.Contains(c.stdout, "(1 changed, 0 removed)") {
			return row, fmt.Errorf("gortex index after one change did not update incrementally:\n%s", c.stdout)
		}
		row.updates = append(row.updates, c.measured)
	}
	progressf(b.log, "panel: MCP why, %d calls", b.o.mcpCalls)
	row.mcp, err = b.mcpWhy(ctx, root, []string{row.query})
	return row, err
}

// panelTouch picks the source file the panel's re-index runs change: the
// median-sized one of the language with the most files.
func panelTouch(ctx context.Context, root string) (string, error) {
	w, err := indexer.Walk(ctx, root, indexer.WalkOptions{})
	if err != nil {
		return "", err
	}
	byLang := map[string][]indexer.WalkedFile{}
	for _, f := range w.Files {
		if f.Class == indexer.ClassSource && !f.Generated {
			byLang[f.Lang] = append(byLang[f.Lang], f)
		}
	}
	var files []indexer.WalkedFile
	for _, fs := range byLang {
		if len(fs) > len(files) || (len(fs) == len(files) && fs[0].Lang < files[0].Lang) {
			files = fs
		}
	}
	if len(files) == 0 {
		return "", fmt.Errorf("%s has no source file", root)
	}
	sort.Slice(files, func(i, j int) bool {
		if files[i].Size != files[j].Size {
			return files[i].Size < files[j].Size
		}
		return files[i].Path < files[j].Path
	})
	return files[len(files)/2].Path, nil
}

// writePanel prints the panel's rows against issue 33's targets, each
// command's CPU beside gortex version's of the same run.
func (r *report) writePanel(w io.Writer) {
	if len(r.panel) == 0 {
		return
	}
	fmt.Fprintln(w, "panel (issue 33; CPU medians, each command against gortex version in the same run):")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "  repository\tversion\twhy (× version)\tre-index (× version)\tMCP why p50\t\n")
	for _, p := range r.panel {
		v, why, up, mcp := median(p.versions), median(p.whys), median(p.updates), medianOf(p.mcp.Warm)
		wr, ur := ratio(why.cpu, v.cpu), ratio(up.cpu, v.cpu)
		fmt.Fprintf(tw, "  %s\t%s\t%s (%.2f×) %s\t%s (%.2f×) %s\t%s %s\t\n", p.repo, ms(v.cpu),
			ms(why.cpu), wr, verdict(wr <= targetPanelWhy), ms(up.cpu), ur, verdict(ur <= targetPanelUpdate),
			ms(mcp), verdict(mcp <= targetPanelMCP))
	}
	tw.Flush()
	for _, p := range r.panel {
		fmt.Fprintf(w, "  %s: why %s; re-index after a change to %s; wall: version %s, why %s, re-index %s\n", p.repo, p.query, p.touch,
			ms(median(p.versions).wall), ms(median(p.whys).wall), ms(median(p.updates).wall))
	}
	fmt.Fprintln(w)
}
