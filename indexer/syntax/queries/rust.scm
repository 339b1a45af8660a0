; rust.scm — the tags query of Rust. Capture names: see ../tags.go.
; An impl block is a @scope.impl named by its type, so its functions are the
; type's methods (a trait impl's too). "mod m;" only declares a module that
; lives in another file: only an inline "mod m { }" is a symbol. A trait is
; an interface.

(mod_item
  name: (identifier) @name
  body: (_)) @definition.module

(function_item
  name: (identifier) @name) @definition.function

(function_signature_item
  name: (identifier) @name) @definition.function

(struct_item
  name: (type_identifier) @name) @definition.type

(enum_item
  name: (type_identifier) @name) @definition.type

(union_item
  name: (type_identifier) @name) @definition.type

(type_item
  name: (type_identifier) @name) @definition.type

(trait_item
  name: (type_identifier) @name) @definition.interface

(impl_item
  type: [
    (type_identifier) @name
    (generic_type type: (type_identifier) @name)
    (scoped_type_identifier name: (type_identifier) @name)
    (generic_type type: (scoped_type_identifier name: (type_identifier) @name))
  ]) @scope.impl

(const_item
  name: (identifier) @name) @definition.const

(static_item
  name: (identifier) @name) @definition.var

(macro_definition
  name: (identifier) @name) @definition.function

(call_expression
  function: (identifier) @name) @reference.call

(call_expression
  function: (field_expression
    value: (_) @qualifier
    field: (field_identifier) @name)) @reference.call

(call_expression
  function: (scoped_identifier
    path: (_) @qualifier
    name: (identifier) @name)) @reference.call

[(line_comment) (block_comment)] @comment

; A use declaration binds names from another module or crate: @import.path
; is the path (its first part names the crate), @import.alias the name
; bound when it is not the path's last part, an "as" name or a name of a
; list ("use a::b::{C, d::E as F}" binds C and F from a::b; a list in a
; list binds its names from the outer path). Deeper lists are not read.
(use_declaration
  argument: [(scoped_identifier) (identifier)] @import.path) @import

(use_declaration
  argument: (use_as_clause
    path: (_) @import.path
    alias: (identifier) @import.alias)) @import

(use_declaration
  argument: (scoped_use_list
    path: (_) @import.path
    list: (use_list [
      (identifier) @import.alias
      (scoped_identifier name: (identifier) @import.alias)
      (use_as_clause alias: (identifier) @import.alias)
    ]))) @import

(use_declaration
  argument: (scoped_use_list
    path: (_) @import.path
    list: (use_list
      (scoped_use_list
        list: (use_list [
          (identifier) @import.alias
          (scoped_identifier name: (identifier) @import.alias)
          (use_as_clause alias: (identifier) @import.alias)
        ]))))) @import
