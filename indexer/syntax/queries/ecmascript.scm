; ecmascript.scm — the part of the tags query shared by JavaScript and
; TypeScript (whose grammar extends JavaScript's): run before javascript.scm
; or typescript.scm. Capture names: see ../tags.go.

(class_declaration
  name: (_) @name) @definition.class

(function_declaration
  name: (identifier) @name) @definition.function

(generator_function_declaration
  name: (identifier) @name) @definition.function

; Methods and function-valued fields of a class; object literal methods are
; not symbols.
(class_body
  (method_definition
    name: (_) @name) @definition.method)

; A module-level const, let or var is a variable, one named in capitals a
; constant (TAX, DEFAULT_CURRENCY); one holding a function is a function:
; the pattern below, later, wins for the same declarator.
(program
  [(lexical_declaration (variable_declarator name: (identifier) @name) @definition.var)
   (variable_declaration (variable_declarator name: (identifier) @name) @definition.var)
   (export_statement declaration: [
     (lexical_declaration (variable_declarator name: (identifier) @name) @definition.var)
     (variable_declaration (variable_declarator name: (identifier) @name) @definition.var)])])

(program
  [(lexical_declaration (variable_declarator name: (identifier) @name (#match? @name "^_?[A-Z][A-Z0-9_]*$")) @definition.const)
   (variable_declaration (variable_declarator name: (identifier) @name (#match? @name "^_?[A-Z][A-Z0-9_]*$")) @definition.const)
   (export_statement declaration: [
     (lexical_declaration (variable_declarator name: (identifier) @name (#match? @name "^_?[A-Z][A-Z0-9_]*$")) @definition.const)
     (variable_declaration (variable_declarator name: (identifier) @name (#match? @name "^_?[A-Z][A-Z0-9_]*$")) @definition.const)])])

; const f = () => {}, var g = function () {}.
(variable_declarator
  name: (identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function

; Constructor functions' methods: Inventory.prototype.count = function ...
(assignment_expression
  left: (member_expression
    object: (member_expression
      object: (identifier) @receiver
      property: (property_identifier) @_prototype)
    property: (property_identifier) @name)
  right: [(arrow_function) (function_expression)]
  (#eq? @_prototype "prototype")) @definition.method

; CommonJS exports: exports.f = function ..., module.exports.f = ...
(assignment_expression
  left: (member_expression
    object: [
      (identifier) @_exports
      (member_expression property: (property_identifier) @_exports)
    ]
    property: (property_identifier) @name)
  right: [(arrow_function) (function_expression)]
  (#eq? @_exports "exports")) @definition.function

(call_expression
  function: (identifier) @name) @reference.call

(call_expression
  function: (member_expression
    object: (_) @qualifier
    property: (property_identifier) @name)) @reference.call

(comment) @comment
