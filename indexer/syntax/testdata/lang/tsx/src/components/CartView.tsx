import React, { useState } from "react";

/** Props of CartView. */
export interface CartViewProps {
  items: string[];
  onCheckout(): void;
}

// CartView lists the items of a cart and a checkout button.
export function CartView({ items, onCheckout }: CartViewProps) {
  const [open, setOpen] = useState(false);
  const toggle = () => setOpen(!open);
  return (
    <div className="cart" onClick={toggle}>
      {items.map((i) => (
        <Line key={i} label={i} />
      ))}
      <button onClick={onCheckout}>Checkout</button>
    </div>
  );
}

const Line = ({ label }: { label: string }) => <li>{label}</li>;

export class CartErrorBoundary extends React.Component<{}, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <p>Cart unavailable</p> : this.props.children;
  }
}
