; kotlin.scm — the tags query of Kotlin. Capture names: see ../tags.go.
; The Kotlin grammar names few fields: declarations are matched by their
; children. Functions in a companion object are members of its class.

(package_header (identifier) @package)

(class_declaration
  (type_identifier) @name) @definition.class

(class_declaration
  "interface"
  (type_identifier) @name) @definition.interface

(class_declaration
  (type_identifier) @name
  (enum_class_body)) @definition.type

(object_declaration
  (type_identifier) @name) @definition.module

(type_alias
  (type_identifier) @name) @definition.type

(function_declaration
  (simple_identifier) @name) @definition.function

(call_expression
  (simple_identifier) @name) @reference.call

(call_expression
  (navigation_expression
    (_) @qualifier
    (navigation_suffix (simple_identifier) @name))) @reference.call

[(line_comment) (multiline_comment)] @comment
