(* cart.ml — the items a customer is about to buy. *)

(** A line of a cart: one item and its quantity. *)
type line = { sku : string; quantity : int }

type state = Open | Checked_out

(** The prices of items, by SKU. *)
module Prices = struct
  let of_sku sku = String.length sku

  module Tax = struct
    let rate = 0.2
  end
end

module type PRICED = sig
  val price : unit -> int
end

(* empty is a cart with no lines. *)
let empty = []

(** [add cart sku quantity] puts an item in the cart. *)
let add cart sku quantity =
  let line = { sku; quantity } in
  changed ();
  line :: cart

and changed () = print_endline "changed"

let total cart =
  let price l = Prices.of_sku l.sku * l.quantity in
  List.fold_left (fun acc l -> acc + price l) 0 cart

class counter = object (self)
  val mutable n = 0
  method incr = n <- n + 1; self#get
  method get = n
end
