; hcl.scm — the tags query of HCL (Terraform, Packer, Nomad, ...). Capture
; names: see ../tags.go. A labelled block is a type named by its last label;
; Terraform's blocks are named as Terraform addresses them, under the
; file's path: resource "aws_instance" "web" is aws_instance.web, a type;
; variable is a var, output a const, module a module, and each local value
; a var.

(block
  (identifier)
  (string_lit) @name
  .
  (block_start)) @definition.type

(block
  (identifier) @_kw
  .
  (string_lit) @receiver
  .
  (string_lit) @name
  (#any-of? @_kw "resource" "data")) @definition.type

(block
  (identifier) @_kw
  .
  (string_lit) @name
  (#eq? @_kw "variable")) @definition.var

(block
  (identifier) @_kw
  .
  (string_lit) @name
  (#eq? @_kw "output")) @definition.const

(block
  (identifier) @_kw
  .
  (string_lit) @name
  (#eq? @_kw "module")) @definition.module

(block
  (identifier) @_kw
  (body
    (attribute
      (identifier) @name) @definition.var)
  (#eq? @_kw "locals"))

(comment) @comment
