; elixir.scm — the tags query of Elixir. Capture names: see ../tags.go.
; Definitions are calls to defmodule, def, ... matched by their target.
; A module's @moduledoc is its doc, a function's @doc attribute counts as a
; comment above it. "defimpl P, for: T" is the module P.T, as Elixir names
; it. Only local calls are matched: the indexer links calls within a file
; only, and Module.f() calls cost half a second to compile.

(call
  target: (identifier) @_kw
  (arguments . (alias) @name)
  (#eq? @_kw "defmodule")) @definition.module

(call
  target: (identifier) @_kw
  (arguments . (alias) @name)
  (do_block
    .
    (unary_operator
      operand: (call
        target: (identifier) @_md
        (arguments (string (quoted_content) @doc)))))
  (#eq? @_kw "defmodule")
  (#eq? @_md "moduledoc")) @definition.module

(call
  target: (identifier) @_kw
  (arguments . (alias) @name)
  (#eq? @_kw "defprotocol")) @definition.interface

(call
  target: (identifier) @_kw
  (arguments
    .
    (alias) @receiver
    (keywords (pair value: (alias) @name)))
  (#eq? @_kw "defimpl")) @definition.module

(call
  target: (identifier) @_kw
  (arguments
    .
    [
      (call target: (identifier) @name)
      (identifier) @name
      (binary_operator left: (call target: (identifier) @name) operator: "when")
    ])
  (#any-of? @_kw "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate")) @definition.function

(call
  target: (identifier) @name) @reference.call

(comment) @comment

(unary_operator
  operand: (call target: (identifier) @_doc)
  (#eq? @_doc "doc")) @comment
