package main

import (
	"context"
	"flag"
	"fmt"
	"strings"
)

// shells are the shells gortex completion writes a script for.
var shells = []string{"bash", "zsh", "fish"}

func runCompletion(ctx context.Context, e env, args []string) int {
	fs := flag.NewFlagSet("completion", flag.ContinueOnError)
	setUsage(fs, "completion")
	pos, code, done := parseFlags(fs, e, args)
	if done {
		return code
	}
	if len(pos) != 1 {
		fmt.Fprintf(e.stderr, "gortex completion: give one shell: %s\n", strings.Join(shells, ", "))
		return exitUsage
	}
	script, ok := completionScripts[pos[0]]
	if !ok {
		fmt.Fprintf(e.stderr, "gortex completion: unknown shell %q%s; want one of %s\n", pos[0], didYouMean(pos[0], shells), strings.Join(shells, ", "))
		return exitUsage
	}
	fmt.Fprint(e.stdout, script)
	return exitOK
}

// completionScripts are thin: each asks gortex __complete for the words
// after "gortex" and prints what it answers, so that commands, flags and
// names are known in one place. A name is repository input ("*" is a Ruby
// method, a crate may be named "/*/*"): no script expands it as a pattern.
var completionScripts = map[string]string{
	"bash": `# bash completion for gortex: source <(gortex completion bash)
_gortex() {
    local cur words cword
    if declare -F _get_comp_words_by_ref >/dev/null; then
        # bash-completion: keep "Cart::add" one word
        _get_comp_words_by_ref -n : cur words cword
    else
        cur=${COMP_WORDS[COMP_CWORD]} words=("${COMP_WORDS[@]}") cword=$COMP_CWORD
    fi
    # one name a line, taken as it is: a name such as "*" is never globbed
    mapfile -t COMPREPLY < <(gortex __complete "${words[@]:1:cword-1}" "$cur" 2>/dev/null | cut -f1)
    if declare -F __ltrim_colon_completions >/dev/null; then
        __ltrim_colon_completions "$cur"
    fi
}
complete -o default -F _gortex gortex
`,
	"zsh": `#compdef gortex
# zsh completion for gortex: source <(gortex completion zsh), or save as _gortex in $fpath
_gortex() {
    emulate -L zsh # no glob_subst or sh_word_split of the user's: a name such as "*" stays a name
    local -a lines described plain
    local line
    lines=("${(@f)$(gortex __complete "${(@)words[2,CURRENT-1]}" "${words[CURRENT]}" 2>/dev/null)}")
    for line in $lines; do
        [[ -z $line ]] && continue
        if [[ $line == *$'\t'* ]]; then
            described+=("${${line%%$'\t'*}//:/\\:}:${line#*$'\t'}")
        else
            plain+=("$line")
        fi
    done
    (( $#described )) && _describe gortex described
    (( $#plain )) && compadd -- $plain
    (( $#described + $#plain )) || _files
}
if [ "$funcstack[1]" = "_gortex" ]; then
    _gortex "$@"
else
    compdef _gortex gortex
fi
`,
	"fish": `# fish completion for gortex: gortex completion fish | source
function __gortex_complete
    set -l words (commandline -opc)
    set -e words[1]
    gortex __complete $words (commandline -ct) 2>/dev/null
end
complete -c gortex -a '(__gortex_complete)'
`,
}
