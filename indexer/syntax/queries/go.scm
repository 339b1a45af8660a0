; go.scm — the tags query of Go.
;
; Capture names are documented at the top of ../tags.go.
;
; Declarations are matched at top level only (children of source_file):
; local types, consts and vars inside function bodies are not symbols.

(package_clause (package_identifier) @package)

(import_spec
  name: (_)? @import.alias
  path: (_) @import.path) @import

(source_file
  (function_declaration
    name: (identifier) @name) @definition.function)

; The receiver's base type: T, *T, T[P] and *T[P] all give T.
(source_file
  (method_declaration
    receiver: (parameter_list
      (parameter_declaration
        type: [
          (type_identifier) @receiver
          (pointer_type (type_identifier) @receiver)
          (generic_type type: (type_identifier) @receiver)
          (pointer_type (generic_type type: (type_identifier) @receiver))
          (parenthesized_type (type_identifier) @receiver)
          (parenthesized_type (pointer_type (type_identifier) @receiver))
        ]))
    name: (field_identifier) @name) @definition.method)

; Every type spec is a type; the interface pattern below overrides it.
(source_file
  (type_declaration
    (type_spec
      name: (type_identifier) @name) @definition.type) @group)

(source_file
  (type_declaration
    (type_spec
      name: (type_identifier) @name
      type: (interface_type)) @definition.interface) @group)

(source_file
  (type_declaration
    (type_alias
      name: (type_identifier) @name) @definition.type) @group)

; Struct fields: one match per name in "A, B int". Names are matched as
; plain children, not through the name: field: this tree-sitter matches only
; the first of several name: fields of a const_spec, so no pattern relies on
; a repeated field.
(source_file
  (type_declaration
    (type_spec
      name: (type_identifier) @receiver
      type: (struct_type
        (field_declaration_list
          (field_declaration
            (field_identifier) @name) @definition.field)))))

; Embedded fields are named by their type: T, *T, pkg.T, *pkg.T, T[P].
(source_file
  (type_declaration
    (type_spec
      name: (type_identifier) @receiver
      type: (struct_type
        (field_declaration_list
          (field_declaration
            !name
            type: [
              (type_identifier) @name
              (pointer_type (type_identifier) @name)
              (qualified_type name: (type_identifier) @name)
              (pointer_type (qualified_type name: (type_identifier) @name))
              (generic_type type: (type_identifier) @name)
              (generic_type type: (qualified_type name: (type_identifier) @name))
              (pointer_type (generic_type type: (type_identifier) @name))
            ]) @definition.field)))))

(source_file
  (type_declaration
    (type_spec
      name: (type_identifier) @receiver
      type: (interface_type
        (method_elem
          name: (field_identifier) @name) @definition.method))))

(source_file
  (const_declaration
    (const_spec
      (identifier) @name) @definition.const) @group)

(source_file
  (var_declaration
    (var_spec
      (identifier) @name) @definition.var) @group)

(source_file
  (var_declaration
    (var_spec_list
      (var_spec
        (identifier) @name) @definition.var)) @group)

; Calls: foo(), foo[T](), x.Foo(), a.b.Foo(), f().Foo().
(call_expression
  function: (identifier) @name) @reference.call

(call_expression
  function: (selector_expression
    operand: (_) @qualifier
    field: (field_identifier) @name)) @reference.call

; F[T](x) and pkg.F[T](x) with one argument parse as conversions to a
; generic type; they are taken as calls (a real conversion then "calls" the
; type, as T(x) does).
(type_conversion_expression
  type: (generic_type
    type: (type_identifier) @name)) @reference.call

(type_conversion_expression
  type: (generic_type
    type: (qualified_type
      package: (package_identifier) @qualifier
      name: (type_identifier) @name))) @reference.call

; Comments, for the doc comments above definitions.
(comment) @comment
