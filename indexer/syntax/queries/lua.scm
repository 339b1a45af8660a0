; lua.scm — the tags query of Lua. Capture names: see ../tags.go.
; "function M.f()" and "function M:f()" are f with M as receiver; the
; grammar holds a function's --- doc comment inside it, as documentation.

(function_statement
  documentation: (emmy_documentation)? @doc
  name: (function_name) @name) @definition.function

(function_statement
  documentation: (emmy_documentation)? @doc
  name: (identifier) @name) @definition.function

; "function M:f()" takes self: a method.
(function_statement
  documentation: (emmy_documentation)? @doc
  name: (function_name (table_colon)) @name) @definition.method

(function_call
  .
  prefix: (identifier) @name
  .
  (function_call_paren)) @reference.call

(function_call
  prefix: (identifier) @qualifier
  .
  (self_call_colon)
  .
  (identifier) @name) @reference.call

(comment) @comment
