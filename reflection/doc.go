// Package reflection proposes durable memories from the end of a coding
// session: it reads a session transcript (a Claude Code session JSONL
// file, or plain "role: text" lines) and keeps its tail, text only; asks a
// language model (package llm) for at most two notes — decisions,
// invariants, constraints, conventions the session established; parses
// the first balanced JSON object of the reply, dropping malformed notes;
// and queues what is left, sanitised, anchored and without duplicates of a
// live memory or a pending proposal, in the proposal store
// (memory.OpenProposals). Nothing becomes a memory until a person accepts
// it (gortex memory review). Noise is the failure mode of self-improving
// memory, so every step filters, and a failure changes nothing.
package reflection
