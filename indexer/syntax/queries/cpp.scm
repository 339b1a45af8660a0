; cpp.scm — the tags query of C++, run after c.scm. Capture names: see
; ../tags.go. Namespaces are scopes: they qualify names (ns::Class::method)
; but are no symbols, since every file reopens them. Member functions are
; symbols where they are defined: in the class body, or out of line as
; Class::method (whose qualified name gives the containers). Declarations
; without a body, destructors and operators are not symbols.

(namespace_definition
  name: (_) @name) @scope

(class_specifier
  name: (type_identifier) @name
  body: (_)) @definition.class

; An inline member function.
(function_definition
  declarator: [
    (function_declarator declarator: (field_identifier) @name)
    (pointer_declarator declarator: (function_declarator declarator: (field_identifier) @name))
    (reference_declarator (function_declarator declarator: (field_identifier) @name))
  ]) @definition.function

; Out of line: ns::Class::method, Class<T>::method.
(function_definition
  declarator: [
    (function_declarator declarator: (qualified_identifier name: (identifier)) @name)
    (function_declarator declarator: (qualified_identifier name: (qualified_identifier)) @name)
    (pointer_declarator declarator: (function_declarator declarator: (qualified_identifier) @name))
    (reference_declarator (function_declarator declarator: (qualified_identifier) @name))
  ]) @definition.method

(call_expression
  function: (field_expression
    argument: (_) @qualifier
    field: (field_identifier) @name)) @reference.call
