package memory

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// Validate reports the first thing wrong with m, wrapping ErrInvalid.
func (m *Memory) Validate() error { return m.validate(true) }

// validate is Validate; with resolved false, a symbol anchor may still
// lack its ID (a person wrote it into the file).
func (m *Memory) validate(resolved bool) error {
	anchors := func() error { return m.validateAnchors(resolved) }
	for _, check := range []func() error{m.validateText, m.validateEnums, m.validateNumbers, anchors, m.validateLinks} {
		if err := check(); err != nil {
			return fmt.Errorf("%w: %w", ErrInvalid, err)
		}
	}
	return nil
}

func (m *Memory) validateText() error {
	switch {
	case !m.ID.Valid():
		return fmt.Errorf("id %q is not of the form 20261130T215309Z-k3x9q2", m.ID)
	case strings.TrimSpace(m.Body) == "":
		return errors.New("the body is empty: say what was decided and why")
	case strings.TrimSpace(m.Title) == "":
		return errors.New("the title is empty")
	case strings.ContainsAny(m.Title, "\r\n"):
		return errors.New("the title must be one line")
	case utf8.RuneCountInString(m.Title) > MaxTitleLen:
		return fmt.Errorf("the title has %d characters; at most %d", utf8.RuneCountInString(m.Title), MaxTitleLen)
	case utf8.RuneCountInString(m.Body) > MaxBodyLen:
		return fmt.Errorf("the body has %d characters; at most %d", utf8.RuneCountInString(m.Body), MaxBodyLen)
	case !utf8.ValidString(m.Title + m.Body + m.Author):
		return errors.New("title, body and author must be UTF-8")
	case strings.ContainsAny(m.Author, "\r\n"):
		return errors.New("the author must be one line")
	}
	return validateTags(m.Tags)
}

func validateTags(tags []string) error {
	if len(tags) > MaxTags {
		return fmt.Errorf("%d tags; at most %d", len(tags), MaxTags)
	}
	for _, t := range tags {
		switch {
		case t == "" || strings.ContainsAny(t, " \t\r\n,"):
			return fmt.Errorf("tag %q: a tag is one word without commas", t)
		case utf8.RuneCountInString(t) > MaxTagLen || !utf8.ValidString(t):
			return fmt.Errorf("tag %q: at most %d characters of UTF-8", t, MaxTagLen)
		}
	}
	return nil
}

func (m *Memory) validateEnums() error {
	switch {
	case !slices.Contains(Kinds, m.Kind):
		return fmt.Errorf("unknown kind %q; one of %s", m.Kind, joinEnum(Kinds))
	case !slices.Contains(Bases, m.Basis):
		return fmt.Errorf("unknown basis %q; one of %s", m.Basis, joinEnum(Bases))
	case !slices.Contains(Sources, m.Source):
		return fmt.Errorf("unknown source %q; one of %s", m.Source, joinEnum(Sources))
	}
	return nil
}

func (m *Memory) validateNumbers() error {
	switch {
	case m.Importance < 1 || m.Importance > 5:
		return fmt.Errorf("importance %d is out of range 1–5", m.Importance)
	case !(m.Confidence >= 0 && m.Confidence <= 1): // also catches NaN
		return fmt.Errorf("confidence %v is out of range 0–1", m.Confidence)
	case m.Created.IsZero() || m.Updated.IsZero():
		return errors.New("created and updated times are required")
	}
	return nil
}

func (m *Memory) validateAnchors(resolved bool) error {
	for _, a := range m.Symbols {
		switch {
		case a.ID == "" && resolved:
			return fmt.Errorf("symbol anchor %q: %w", a.Written, ErrUnresolved)
		case !oneLine(string(a.ID)) || !oneLine(a.Written) || !oneLine(a.Fingerprint):
			return fmt.Errorf("symbol anchor %q: each part must be one line of UTF-8", a.Written)
		}
	}
	if !oneLine(m.Repo) {
		return errors.New("repo must be one line of UTF-8")
	}
	for _, f := range m.Files {
		if err := checkRelPath(f); err != nil {
			return fmt.Errorf("file anchor %q: %w", f, err)
		}
	}
	return nil
}

func (m *Memory) validateLinks() error {
	switch {
	case m.Supersedes != "" && !m.Supersedes.Valid():
		return fmt.Errorf("supersedes %q is no memory id", m.Supersedes)
	case m.SupersededBy != "" && !m.SupersededBy.Valid():
		return fmt.Errorf("superseded_by %q is no memory id", m.SupersededBy)
	case m.Supersedes == m.ID || m.SupersededBy == m.ID:
		return errors.New("a memory cannot supersede itself")
	}
	return nil
}

// checkRelPath accepts a clean, repo-relative, forward-slash path.
func checkRelPath(p string) error {
	switch {
	case p == "" || !oneLine(p) || strings.Contains(p, "\\"):
		return errors.New("not a file path")
	case strings.HasPrefix(p, "/") || p == ".." || strings.HasPrefix(p, "../"):
		return errors.New("must be relative to the repository root")
	case cleanSlash(p) != p:
		return fmt.Errorf("not clean; write %q", cleanSlash(p))
	}
	return nil
}

// oneLine reports whether s is UTF-8 without line breaks.
func oneLine(s string) bool { return utf8.ValidString(s) && !strings.ContainsAny(s, "\r\n") }

func joinEnum[T ~string](vs []T) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = string(v)
	}
	return strings.Join(s, ", ")
}
