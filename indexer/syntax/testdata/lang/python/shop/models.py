"""Domain models of the shop."""

from dataclasses import dataclass
from typing import Protocol

TAX_RATE = 0.2


class PriceSource(Protocol):
    def price(self, sku: str) -> int: ...


@dataclass
class Item:
    """One line of a cart."""

    sku: str
    quantity: int = 1


class Cart:
    """A customer's cart.

    Carts are kept in memory until checkout.
    """

    class Line:
        # Line pairs an item with its price at the time it was added.
        def __init__(self, item, price):
            self.item = item
            self.price = price

    def __init__(self, prices: PriceSource):
        self.prices = prices
        self.lines = []

    def add(self, item: Item) -> None:
        """Add an item at today's price."""
        self.lines.append(Cart.Line(item, self.prices.price(item.sku)))
        self._changed()

    @property
    def total(self) -> int:
        def line_total(line):
            return line.price * line.item.quantity

        return sum(line_total(l) for l in self.lines)

    def _changed(self):
        pass


def checkout(cart: Cart) -> int:
    # Checkout charges the total plus tax.
    return round(cart.total * (1 + TAX_RATE))
