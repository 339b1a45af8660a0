; java.scm — the tags query of Java. Capture names: see ../tags.go.

(package_declaration [(identifier) (scoped_identifier)] @package)

(class_declaration
  name: (identifier) @name) @definition.class

(record_declaration
  name: (identifier) @name) @definition.class

(interface_declaration
  name: (identifier) @name) @definition.interface

(annotation_type_declaration
  name: (identifier) @name) @definition.interface

(enum_declaration
  name: (identifier) @name) @definition.type

(method_declaration
  name: (identifier) @name) @definition.method

(constructor_declaration
  name: (identifier) @name) @definition.method

(annotation_type_element_declaration
  name: (identifier) @name) @definition.method

(method_invocation
  object: (_)? @qualifier
  name: (identifier) @name) @reference.call

[(line_comment) (block_comment)] @comment
