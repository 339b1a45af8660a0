package reflection

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/llm"
	"github.com/gortex/gortex/memory"
)

// Proposals made by a reflection are the model's reading of a session, not
// a person's statement: they say so (source reflection) and carry a lower
// confidence than the 0.8 of a memory written down on purpose, until a
// person accepts them and may raise it.
const proposalConfidence = 0.5

// Input is one reflection.
type Input struct {
	Messages []Message // the transcript's tail (see Tail)
	// Key identifies the transcript (its path, or its text when read from
	// stdin): two reflections over the same key do not run at once.
	Key       string
	Backend   llm.Backend
	Proposals *memory.Store         // the proposal store (memory.OpenProposals)
	Live      []*memory.Memory      // the live memories, which a proposal must not repeat
	Resolve   memory.AnchorResolver // resolves symbol anchors against the index
	Root      string                // the repository root, for file anchors and fingerprints
	Author    string                // who proposes: "gortex reflect (anthropic)"
	Prompt    func(llm.Prompt)      // when not nil, told the prompt before it is sent
}

// Outcome is what a reflection did.
type Outcome struct {
	Proposed []memory.Result // the proposals queued
	Dropped  []Drop          // the notes left out, and why
	Reply    llm.Reply
}

// Drop is a note a reflection left out, or an anchor it left off.
type Drop struct {
	Title  string `json:"title"`
	Reason string `json:"reason"`
}

// ErrBusy says that another reflection over the same transcript is running.
var ErrBusy = errors.New("another gortex reflect over this transcript is running")

// Run reflects once: it claims the transcript (ErrBusy when another run
// holds it), asks in.Backend for notes on in.Messages, keeps the first
// MaxNotes valid ones, drops the anchors that do not resolve to exactly one
// symbol or name no file, and queues the rest as proposals, minus
// duplicates. Any error means nothing was written.
func Run(ctx context.Context, in Input) (Outcome, error) {
	var out Outcome
	if len(in.Messages) == 0 {
		return out, errors.New("the transcript has no user or assistant text")
	}
	release, err := in.Proposals.Claim(claimKey(in.Key))
	if errors.Is(err, memory.ErrLocked) {
		return out, ErrBusy
	}
	if err != nil {
		return out, err
	}
	defer release()
	p := BuildPrompt(in.Messages, titles(in.Live))
	if in.Prompt != nil {
		in.Prompt(p)
	}
	out.Reply, err = in.Backend.Complete(ctx, p)
	if err != nil {
		return out, err
	}
	notes, malformed, err := ParseNotes(out.Reply.Text)
	if err != nil {
		return out, err
	}
	for range malformed {
		out.Dropped = append(out.Dropped, Drop{Reason: "malformed note"})
	}
	for _, n := range notes[min(len(notes), MaxNotes):] {
		out.Dropped = append(out.Dropped, Drop{Title: n.Title, Reason: fmt.Sprintf("over the cap of %d notes per reflection", MaxNotes)})
	}
	notes = notes[:min(len(notes), MaxNotes)]
	var ms []*memory.Memory
	for _, n := range notes {
		m, drops := in.memoryOf(n)
		ms, out.Dropped = append(ms, m), append(out.Dropped, drops...)
	}
	res, err := in.Proposals.Propose(ctx, ms, memory.AddOptions{Resolve: in.Resolve, Root: in.Root}, in.Live)
	if err != nil {
		return out, err
	}
	for i, r := range res {
		switch r.Status {
		case memory.StatusProposed:
			out.Proposed = append(out.Proposed, r)
		case memory.StatusDuplicate:
			out.Dropped = append(out.Dropped, Drop{Title: ms[i].Title, Reason: fmt.Sprintf("repeats %s (%.0f%% of its words)", r.ID, 100*r.Similarity)})
		default:
			out.Dropped = append(out.Dropped, Drop{Title: ms[i].Title, Reason: r.Reason})
		}
	}
	return out, nil
}

// memoryOf makes n a proposal, leaving off the anchors that would refuse
// it: a model names code loosely, and a note is worth keeping without them.
func (in Input) memoryOf(n Note) (*memory.Memory, []Drop) {
	m := &memory.Memory{Title: n.Title, Body: n.Body, Kind: n.Kind, Basis: n.Basis, Tags: n.Tags,
		Confidence: proposalConfidence, Source: memory.SourceReflection, Author: in.Author}
	var drops []Drop
	for _, s := range n.Symbols {
		if node, _, _ := resolve(in.Resolve, s); node == nil || !node.Kind.IsCode() {
			drops = append(drops, Drop{Title: n.Title, Reason: fmt.Sprintf("anchor %q left off: it is not exactly one symbol", s)})
			continue
		}
		m.Symbols = append(m.Symbols, memory.SymbolAnchor{Written: s})
	}
	for _, f := range n.Files {
		if !in.isFile(f) {
			drops = append(drops, Drop{Title: n.Title, Reason: fmt.Sprintf("file anchor %q left off: no such file in the repository", f)})
			continue
		}
		m.Files = append(m.Files, f)
	}
	return m, drops
}

// isFile reports whether f names a file of the repository, relative to it.
func (in Input) isFile(f string) bool {
	c := path.Clean(f)
	if in.Root == "" || c != f || path.IsAbs(c) || c == ".." || strings.HasPrefix(c, "../") {
		return false
	}
	fi, err := os.Stat(filepath.Join(in.Root, filepath.FromSlash(c)))
	return err == nil && fi.Mode().IsRegular()
}

func resolve(r memory.AnchorResolver, s string) (*graph.Node, []*graph.Node, error) {
	if r == nil {
		return nil, nil, errors.New("no index")
	}
	return r(s)
}

// titles are the titles of mems, for the prompt.
func titles(mems []*memory.Memory) []string {
	out := make([]string, 0, len(mems))
	for _, m := range mems {
		out = append(out, m.Title)
	}
	return out
}

// claimKey names the claim of a transcript: a hash, so that any path or
// text makes a valid key.
func claimKey(key string) string {
	sum := sha256.Sum256([]byte(key))
	return fmt.Sprintf("reflect-%x", sum[:8])
}
