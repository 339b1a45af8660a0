; php.scm — the tags query of PHP. Capture names: see ../tags.go.
; The namespace declaration is the file's package: App\Shop\Cart::add.
; A trait is a type.

(namespace_definition
  name: (namespace_name) @package)

(class_declaration
  name: (name) @name) @definition.class

(interface_declaration
  name: (name) @name) @definition.interface

(trait_declaration
  name: (name) @name) @definition.type

(enum_declaration
  name: (name) @name) @definition.type

(method_declaration
  name: (name) @name) @definition.method

(function_definition
  name: (name) @name) @definition.function

(function_call_expression
  function: (name) @name) @reference.call

; $this->m(): the qualifier is "this".
(member_call_expression
  object: (variable_name (name) @qualifier)
  name: (name) @name) @reference.call

(scoped_call_expression
  scope: (_) @qualifier
  name: (name) @name) @reference.call

(comment) @comment
