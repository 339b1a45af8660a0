"""The cleaning functions."""

import re

# Lines longer than this are wrapped.
DEFAULT_WIDTH = 79

# Cleaners registered by name.
registry = {}

__all__ = ["clean"]


def clean(text):
    """Collapse runs of whitespace."""
    return re.sub(r"\s+", " ", text)


class Cleaner:
    # Not a module-level name: a class attribute.
    name = "plain"
