; csharp.scm — the tags query of C#. Capture names: see ../tags.go.
; A file-scoped namespace is the file's package; a block namespace is a
; scope around the types it holds. Properties and fields are not symbols.

(file_scoped_namespace_declaration
  name: (_) @package)

(namespace_declaration
  name: (_) @name) @scope

(class_declaration
  name: (identifier) @name) @definition.class

(record_declaration
  name: (identifier) @name) @definition.class

(struct_declaration
  name: (identifier) @name) @definition.type

(interface_declaration
  name: (identifier) @name) @definition.interface

(enum_declaration
  name: (identifier) @name) @definition.type

(delegate_declaration
  name: (identifier) @name) @definition.type

(method_declaration
  name: (identifier) @name) @definition.method

(constructor_declaration
  name: (identifier) @name) @definition.method

(invocation_expression
  function: (identifier) @name) @reference.call

(invocation_expression
  function: (member_access_expression
    expression: (_) @qualifier
    name: (identifier) @name)) @reference.call

(comment) @comment
