package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/gortex/gortex/query"
)

// formatFlags are --json and --toon of the commands that print data.
type formatFlags struct {
	json, toon bool
}

func (f *formatFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&f.json, "json", false, "print one JSON object")
	fs.BoolVar(&f.toon, "toon", false, "print the same data as TOON (compact, for LLM agents)")
}

// format is the output format the flags ask for.
func (f formatFlags) format() (query.Format, error) {
	switch {
	case f.json && f.toon:
		return "", errors.New("--json and --toon exclude each other")
	case f.json:
		return query.FormatJSON, nil
	case f.toon:
		return query.FormatTOON, nil
	}
	return query.FormatText, nil
}

// writeTable writes rows with their columns aligned, two spaces apart;
// the last column is not padded. A row of one cell is written as it is,
// indented under the second column (the detail of the row above).
func writeTable(w io.Writer, rows [][]string) {
	var widths []int
	for _, r := range rows {
		for i, c := range r[:max(len(r)-1, 0)] {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], utf8.RuneCountInString(c))
		}
	}
	indent := ""
	if len(widths) > 0 {
		indent = strings.Repeat(" ", widths[0]+2)
	}
	for _, r := range rows {
		if len(r) == 1 {
			fmt.Fprintf(w, "%s%s\n", indent, r[0])
			continue
		}
		var b strings.Builder
		for i, c := range r {
			b.WriteString(c)
			if i < len(r)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-utf8.RuneCountInString(c)+2))
			}
		}
		fmt.Fprintln(w, b.String())
	}
}
