package rationale

import "strings"

// scanFence appends the mentions of a code block's lines: code throughout,
// and a manifest's "kind:" value also names the API type of that name
// (kindOnly), whatever else shares it. Telling a block's data keys and
// shell words from code, by its language or its lines, was tried and
// left out: it lowered a held-out set's doc@5 (edc-connector 0.87 → 0.83),
// where JSON and shell blocks name the code's types.
func scanFence(lines []string, heading bool, out []mention) []mention {
	for _, l := range lines {
		n := len(out)
		out = scanTokens(l, true, heading, out)
		if v, ok := kindValue(l); ok && isIdent(v) {
			for i := n; i < len(out); i++ {
				out[i].kindLine = true
			}
			out = append(out, mention{parts: []string{v}, inCode: true, heading: heading, kindOnly: true})
		}
	}
	return out
}

// kindValue returns the value of a manifest's "kind:" line ("kind:
// MachineHealthCheck", `"kind": "Deployment"`).
func kindValue(line string) (string, bool) {
	t := strings.TrimSpace(line)
	t = strings.TrimPrefix(t, "- ")
	t = strings.TrimPrefix(t, `"`)
	if !strings.HasPrefix(t, "kind") {
		return "", false
	}
	rest := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(t, "kind"), `"`))
	if !strings.HasPrefix(rest, ":") {
		return "", false
	}
	v := strings.Trim(strings.TrimSpace(rest[1:]), `"',`)
	return v, v != ""
}
