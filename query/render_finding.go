package query

import "fmt"

// findingText is the audit finding of a text answer, after its entries:
// its severity and type, the message, and the command that addresses it;
// "" when there is none.
func findingText(a *Answer, style func(code, s string) string) string {
	f := a.Finding
	if f == nil {
		return ""
	}
	return fmt.Sprintf("\n%s %s\n  %s\n  %s\n", style(ansiBold, string(f.Severity)+":"), f.Type, f.Message, style(ansiDim, "$ "+f.Command))
}
