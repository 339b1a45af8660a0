; typescript.scm — the tags query of TypeScript and TSX, run after
; ecmascript.scm. Capture names: see ../tags.go.

(abstract_class_declaration
  name: (_) @name) @definition.class

(interface_declaration
  name: (_) @name) @definition.interface

(type_alias_declaration
  name: (_) @name) @definition.type

(enum_declaration
  name: (_) @name) @definition.type

; namespace N { } and declare module "m" { } qualify what they hold.
(internal_module
  name: (_) @name) @scope

(module
  name: (_) @name) @scope

; Methods declared without a body, in interfaces and abstract classes.
(interface_body
  (method_signature
    name: (_) @name) @definition.method)

(class_body
  (method_signature
    name: (_) @name) @definition.method)

(class_body
  (abstract_method_signature
    name: (_) @name) @definition.method)

(class_body
  (public_field_definition
    name: (_) @name
    value: [(arrow_function) (function_expression)]) @definition.method)
