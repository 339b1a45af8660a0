; swift.scm — the tags query of Swift. Capture names: see ../tags.go.
; The grammar declares classes, structs, enums, actors and extensions all as
; class_declaration, told apart by declaration_kind. An extension is a
; @scope.impl named by the type it extends. Properties are not symbols.
;
; This grammar is large: a pattern with child nodes costs up to a second to
; compile here, so most patterns name the node alone and the name comes
; from its "name" field; calls are not matched (see TestLangCompileTime).

(class_declaration
  declaration_kind: ["class" "actor"]) @definition.class

(class_declaration
  declaration_kind: ["struct" "enum"]) @definition.type

(class_declaration
  declaration_kind: "extension"
  name: (user_type (type_identifier) @name)) @scope.impl

(protocol_declaration) @definition.interface

(protocol_function_declaration) @definition.method

(function_declaration) @definition.function

(init_declaration
  name: "init" @name) @definition.method

(typealias_declaration) @definition.type

[(comment) (multiline_comment)] @comment
