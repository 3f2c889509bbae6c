"""Shop tools: a small target built with ``--layout per-provider``."""

from __future__ import annotations

from enum import Enum
from typing import Annotated

from toolgen import Param, tool


class Size(str, Enum):
    SMALL = "s"
    MEDIUM = "m"
    LARGE = "l"


@tool
def add_to_cart(sku: str, quantity: int = 1, size: Size | None = None) -> str:
    """Add an item to the cart.

    Args:
        sku: The product's stock-keeping unit.
        quantity: How many to add.
        size: The size, for clothes.
    """
    raise NotImplementedError


@tool(name="order.status")
def order_status(order_id: Annotated[str, Param(desc="The order number")]) -> str:
    """Look up an order's status."""
    raise NotImplementedError
