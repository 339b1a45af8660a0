; bash.scm — the tags query of Bash. Capture names: see ../tags.go.
; Functions are the only named units; a command naming a function calls it.

(function_definition
  name: (word) @name) @definition.function

(command
  name: (command_name (word) @name)) @reference.call

(comment) @comment
