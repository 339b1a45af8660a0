; ocaml.scm — the tags query of OCaml. Capture names: see ../tags.go.
; A let binding with parameters is a function, without a variable; a module
; type is an interface and the values it declares are its methods.

(let_binding
  pattern: (value_name) @name) @definition.var

(let_binding
  pattern: (value_name) @name
  (parameter)) @definition.function

(let_binding
  pattern: (value_name) @name
  body: (fun_expression)) @definition.function

(type_binding
  name: (type_constructor) @name) @definition.type

(module_binding
  name: (module_name) @name) @definition.module

(module_type_definition
  name: (module_type_name) @name) @definition.interface

(value_specification
  (value_name) @name) @definition.function

(class_binding
  name: (class_name) @name) @definition.class

(method_definition
  name: (method_name) @name) @definition.method

(application_expression
  function: (value_path
    (value_name) @name)) @reference.call

(application_expression
  function: (value_path
    (module_path) @qualifier
    (value_name) @name)) @reference.call

(comment) @comment
