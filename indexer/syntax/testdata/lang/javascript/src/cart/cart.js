// Cart keeps the items a customer is about to buy.
import { formatPrice } from "../util/format.js";

const TAX = 0.2;

/**
 * Cart holds line items and computes totals.
 */
export class Cart {
  #lines = [];

  constructor(owner) {
    this.owner = owner;
  }

  /** add puts one item in the cart. */
  add(item, quantity = 1) {
    this.#lines.push({ item, quantity });
    this.changed();
  }

  get total() {
    return this.#lines.reduce((sum, l) => sum + l.item.price * l.quantity, 0);
  }

  static empty() {
    return new Cart(null);
  }

  changed = () => {
    notify(this.owner);
  };
}

// notify tells the owner that the cart changed.
function notify(owner) {
  const handlers = {
    onChange() {
      return owner;
    },
  };
  return handlers.onChange();
}

export const summary = (cart) => formatPrice(cart.total * (1 + TAX));

export default function checkout(cart) {
  return summary(cart);
}
