; javascript.scm — the tags query of JavaScript, run after ecmascript.scm.
; Capture names: see ../tags.go.

; A function-valued class field: handle = () => { ... }.
(class_body
  (field_definition
    property: (_) @name
    value: [(arrow_function) (function_expression)]) @definition.method)
