; scala.scm — the tags query of Scala. Capture names: see ../tags.go.
; A class and its companion object are two symbols; the object's stable ID
; gets a "#2" suffix when both are in one file.

(package_clause
  name: (package_identifier) @package)

(class_definition
  name: (identifier) @name) @definition.class

(trait_definition
  name: (identifier) @name) @definition.interface

(object_definition
  name: (identifier) @name) @definition.module

(enum_definition
  name: (identifier) @name) @definition.type

(type_definition
  name: (type_identifier) @name) @definition.type

(function_definition
  name: (identifier) @name) @definition.function

(function_declaration
  name: (identifier) @name) @definition.function

(call_expression
  function: (identifier) @name) @reference.call

(call_expression
  function: (field_expression
    value: (_) @qualifier
    field: (identifier) @name)) @reference.call

[(comment) (block_comment)] @comment
