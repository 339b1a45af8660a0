"""The shop package: carts, orders and pricing."""

from .models import Cart


def version():
    """Return the package version."""
    return "1.0"
