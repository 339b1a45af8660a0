package main

import (
	"fmt"
	"strings"

	"github.com/gortex/gortex/llm"
)

// llmConfigHelp is the LLM configuration's template, indented, as gortex
// why --help shows it.
func llmConfigHelp() string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimRight(llm.ConfigTemplate, "\n"), "\n") {
		b.WriteString("  " + l + "\n")
	}
	return b.String()
}

// llmErrorsHelp lists the LLM error codes with what each means.
func llmErrorsHelp() string {
	var b strings.Builder
	for _, c := range llm.CodeHelp {
		fmt.Fprintf(&b, "  %s\n      %s\n", c.Code, c.Help)
	}
	return b.String()
}
