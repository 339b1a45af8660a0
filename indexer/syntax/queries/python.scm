; python.scm — the tags query of Python. Capture names: see ../tags.go.
; A docstring (the first statement of a body, a string) is the symbol's Doc,
; read from the tree after the match (Language.bodyDoc), not by the query:
; the nested pattern that found it was half of the query's compile time.

(class_definition
  name: (identifier) @name) @definition.class

; A Protocol or an abstract base class is an interface.
(class_definition
  name: (identifier) @name
  superclasses: (argument_list
    [(identifier) @_base (attribute attribute: (identifier) @_base)]
    (#any-of? @_base "Protocol" "ABC"))) @definition.interface

; Functions; a function in a class is a method (containment, ../tags.go).
(function_definition
  name: (identifier) @name) @definition.function

; A module-level assignment is a variable, one in capitals a constant
; (PEP 8); dunder names (__all__, __version__) are bookkeeping, no symbols.
(module
  (expression_statement
    (assignment
      left: (identifier) @name
      (#not-match? @name "^__")) @definition.var))

(module
  (expression_statement
    (assignment
      left: (identifier) @name
      (#match? @name "^_?[A-Z][A-Z0-9_]*$")) @definition.const))

(call
  function: (identifier) @name) @reference.call

(call
  function: (attribute
    object: (_) @qualifier
    attribute: (identifier) @name)) @reference.call

(comment) @comment

; An import binds names from a module: @import.path is the module (its
; first part names the package), @import.alias the name bound when it is
; not the module itself: a name of "from m import a, b as c", or an "as"
; name. A relative import ("from . import x") is the repository's own and
; is not read.
(import_statement
  name: (dotted_name) @import.path) @import

(import_statement
  name: (aliased_import
    name: (dotted_name) @import.path
    alias: (identifier) @import.alias)) @import

(import_from_statement
  module_name: (dotted_name) @import.path
  name: [
    (dotted_name) @import.alias
    (aliased_import alias: (identifier) @import.alias)
  ]) @import
