; ruby.scm — the tags query of Ruby. Capture names: see ../tags.go.
; Every def is a method (a top-level one becomes a function); singleton
; methods (def self.m, class << self) are methods of their class too.
; "class A::B" is class B inside A.

(module
  name: (_) @name) @definition.module

(class
  name: (_) @name) @definition.class

(method
  name: (_) @name) @definition.method

(singleton_method
  name: (_) @name) @definition.method

(assignment
  left: (constant) @name) @definition.const

(call
  receiver: (_)? @qualifier
  method: (identifier) @name) @reference.call

(comment) @comment
