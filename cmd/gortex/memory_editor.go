package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/gortex/gortex/memory"
)

// headerMark starts the lines gortex writes above a memory it opens in an
// editor; they are dropped before the file is read back.
const headerMark = "# gortex:"

// editorRound is one opening of the editor: the text shown and the text
// saved.
type editorRound struct {
	shown, saved []byte
}

// editInEditor is gortex memory edit ID without field flags, as git commit
// and kubectl edit work: the memory's file opens in $VISUAL or $EDITOR;
// once saved it is validated and written. When it does not validate, it
// opens again with the error on top; quitting without a change keeps the
// memory as it was.
func editInEditor(ctx context.Context, e env, st *memory.Store, m *memory.Memory, root string, asJSON bool) int {
	orig, err := memory.Format(m)
	if err != nil {
		fmt.Fprintln(e.stderr, "gortex memory edit:", err)
		return exitError
	}
	r := editorRound{shown: withHeader(introLines(m), orig)}
	for {
		if r.saved, err = runEditor(ctx, e, m.ID, r.shown); err != nil {
			fmt.Fprintf(e.stderr, "gortex memory edit: %v; memory %s is kept as it was\n", err, m.ID)
			return exitError
		}
		text := stripHeader(r.saved)
		switch {
		case bytes.Equal(text, orig):
			fmt.Fprintf(e.stderr, "gortex memory edit: no change; memory %s is kept as it was\n", m.ID)
			return exitOK
		case bytes.Equal(r.saved, r.shown):
			fmt.Fprintf(e.stderr, "gortex memory edit: edit cancelled; memory %s is kept as it was\n", m.ID)
			return exitError
		}
		res, err := applyEdited(ctx, e, st, m, root, text)
		switch {
		case err == nil:
			return printResult(e, asJSON, res)
		case !reopens(err):
			return memoryExit(e, "memory edit", err)
		}
		r.shown = withHeader(errorLines(err), text)
	}
}

// reopens reports whether err is the user's to fix in the editor: the
// file does not validate, or an anchor does not resolve.
func reopens(err error) bool {
	var ae *memory.AnchorError
	return errors.Is(err, memory.ErrInvalid) || errors.As(err, &ae)
}

func introLines(m *memory.Memory) []string {
	return []string{
		fmt.Sprintf("Edit memory %s below; save and quit to record it, or quit without saving to keep it.", m.ID),
		"To re-anchor a symbol, change its written: line (its id and fingerprint are found again).",
		"id, created, updated, supersedes and superseded_by are kept as they are.",
	}
}

func errorLines(err error) []string {
	lines := []string{"This memory does not validate; fix it and save, or quit without saving to keep the original:"}
	for _, l := range strings.Split(err.Error(), "\n") {
		lines = append(lines, "  "+l)
	}
	return lines
}

// withHeader puts lines, each marked as gortex's, above text.
func withHeader(lines []string, text []byte) []byte {
	var b bytes.Buffer
	for _, l := range lines {
		b.WriteString(headerMark + " " + l + "\n")
	}
	b.Write(text)
	return b.Bytes()
}

// stripHeader drops the marked lines at the top of text.
func stripHeader(text []byte) []byte {
	for bytes.HasPrefix(text, []byte(headerMark)) {
		i := bytes.IndexByte(text, '\n')
		if i < 0 {
			return nil
		}
		text = text[i+1:]
	}
	return text
}

// applyEdited records text, the memory m as the user saved it: its
// anchors resolved (those whose written form changed, again), then every
// field a person may change copied over m under the store's lock.
func applyEdited(ctx context.Context, e env, st *memory.Store, m *memory.Memory, root string, text []byte) (memory.Result, error) {
	draft, err := memory.ParseEdited(text)
	if err != nil {
		return memory.Result{}, err
	}
	if draft.ID != m.ID {
		return memory.Result{}, fmt.Errorf("%w: id %s cannot change (it is %s)", memory.ErrInvalid, draft.ID, m.ID)
	}
	for i, a := range draft.Symbols {
		if !hasAnchor(m.Symbols, a) {
			draft.Symbols[i] = memory.SymbolAnchor{Written: a.Written}
		}
	}
	if err := memory.ResolveAnchors(root, draft, anchorResolver(ctx, e, root)); err != nil {
		return memory.Result{}, err
	}
	return st.Edit(ctx, string(m.ID), func(cur *memory.Memory) error {
		cur.Title, cur.Body, cur.Kind, cur.Author = draft.Title, draft.Body, draft.Kind, draft.Author
		cur.Symbols, cur.Files, cur.Tags = draft.Symbols, draft.Files, draft.Tags
		cur.Importance, cur.Confidence, cur.Basis = draft.Importance, draft.Confidence, draft.Basis
		cur.Pinned, cur.Source = draft.Pinned, draft.Source
		return nil
	})
}

// hasAnchor reports whether anchors holds a as written and resolved.
func hasAnchor(anchors []memory.SymbolAnchor, a memory.SymbolAnchor) bool {
	for _, b := range anchors {
		if b.Written == a.Written && b.ID == a.ID {
			return true
		}
	}
	return false
}

// editor is the user's editor command: $VISUAL, else $EDITOR, else vi.
func editor() string {
	for _, v := range []string{"VISUAL", "EDITOR"} {
		if cmd := strings.TrimSpace(os.Getenv(v)); cmd != "" {
			return cmd
		}
	}
	return "vi"
}

// runEditor writes text to a temporary file, opens it in the editor on
// the terminal and returns what was saved. The editor command may carry
// arguments ("code --wait"); it is run by the shell, as git runs it.
func runEditor(ctx context.Context, e env, id memory.ID, text []byte) ([]byte, error) {
	f, err := os.CreateTemp("", "gortex-memory-"+string(id)+"-*.md")
	if err != nil {
		return nil, err
	}
	path := f.Name()
	defer os.Remove(path)
	_, err = f.Write(text)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	ed := editor()
	cmd := exec.CommandContext(ctx, "sh", "-c", ed+` "$@"`, ed, path)
	// The raw writers: an editor draws on the terminal with the very
	// control sequences the filtered ones drop.
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, orRaw(e.rawStdout, e.stdout), orRaw(e.rawStderr, e.stderr)
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("the editor (%s) failed: %w", ed, err)
	}
	return os.ReadFile(path)
}

// orRaw is raw, or w when there is no raw writer.
func orRaw(raw, w io.Writer) io.Writer {
	if raw != nil {
		return raw
	}
	return w
}
