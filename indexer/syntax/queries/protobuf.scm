; protobuf.scm — the tags query of Protocol Buffers. Capture names: see
; ../tags.go. A message or enum is a type, a service an interface and its
; rpcs methods; message fields are fields. The package qualifies all.

(package (full_ident) @package)

(message
  (message_name (identifier) @name)) @definition.type

(enum
  (enum_name (identifier) @name)) @definition.type

(service
  (service_name (identifier) @name)) @definition.interface

(rpc
  (rpc_name (identifier) @name)) @definition.method

(field
  (identifier) @name) @definition.field

(map_field
  (identifier) @name) @definition.field

(comment) @comment
