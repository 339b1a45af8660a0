; c.scm — the tags query of C, also run before cpp.scm for C++. Capture
; names: see ../tags.go. Definitions only: a prototype without a body is no
; symbol. A typedef's node is its declarator, so that the struct it may
; define is not nested in it; its whole declaration is the @group.

(function_definition
  declarator: [
    (function_declarator declarator: (identifier) @name)
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))
  ]) @definition.function

(struct_specifier
  name: (type_identifier) @name
  body: (_)) @definition.type

(union_specifier
  name: (type_identifier) @name
  body: (_)) @definition.type

(enum_specifier
  name: (type_identifier) @name
  body: (_)) @definition.type

(type_definition
  declarator: [
    (type_identifier) @name
    (pointer_declarator declarator: (type_identifier) @name)
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))
  ] @definition.type) @group

; Macros, but not include guards (FOO_H, FOO_H_, FOO_HPP).
(preproc_def
  name: (identifier) @name
  (#not-match? @name "_H(PP)?_?$")) @definition.const

(preproc_function_def
  name: (identifier) @name) @definition.function

(call_expression
  function: (identifier) @name) @reference.call

(comment) @comment
