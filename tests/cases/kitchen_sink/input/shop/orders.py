"""Order tools, using every kind of type."""

import datetime as dt
import typing as t
import uuid
from pathlib import Path
from typing import Annotated, Any, Literal, Union

from pydantic import Field

import toolgen
from toolgen import Param
from toolgen import tool as make_tool

from . import models as m
from .models import Address, Category, Colour, LineItem, Money, Point, Priority, Quantities, Sku


@make_tool
def place_order(
    items: list[LineItem],
    ship_to: Address,
    priority: Priority = Priority.LOW,
    colour: m.Colour = m.Colour.RED,
    note: t.Optional[str] = None,
    when: dt.datetime | None = None,
    total: Money | None = None,
) -> uuid.UUID:
    """Place an order.

    Args:
        items: What to buy.
        ship_to: Where to send it.
        priority: How urgent.
        colour: Gift-wrap colour.
        note: A note for the courier.
        when: Delivery time.
        total: Expected total, checked before charging.
    """


@toolgen.tool(description="Adjust stock levels.")
async def adjust_stock(
    quantities: Quantities,
    skus: set[Sku],
    location: tuple[float, float],
    origin: Point,
    reason: Literal["recount", "damage", "return"] = "recount",
    level: Literal[1, 2, 3] = 1,
) -> None:
    """Ignored summary, the decorator's description wins.

    Args:
        quantities: New quantity per SKU.
        skus: SKUs touched.
        location: Latitude and longitude.
        origin: Where the count happened.
        reason: Why stock changed.
        level: Audit level.
    """


@make_tool(name="categorise")
def set_category(
    sku: Annotated[Sku, Param(description="The product")],
    category: Category,
    weight_kg: Annotated[float, Field(gt=0, le=1000, description="Shipping weight")] = 1.0,
    sizes: Annotated[list[int], Field(min_length=1, max_length=5)] = [1],
    code: Annotated[str, Field(pattern=r"^[A-Z]{3}$")] = "ABC",
    manual: Path = Path("manual.pdf"),
    blob: bytes | None = None,
    valid_until: dt.date | None = None,
    choice: Union[int, str] = 0,
) -> Category:
    """Put a product in a category.

    Parameters
    ----------
    category : Category
        The category, with its parents.
    manual : Path
        Where the manual is.
    blob : bytes
        Raw attachment.
    valid_until : date
        Last valid day.
    choice : int or str
        A choice.
    """


@make_tool
def list_everything_in_the_warehouse_including_items_that_are_reserved_or_damaged() -> list[str]:
    """List everything (a very long tool name, shortened per provider with a hash)."""


@make_tool(name="inventory.lookup")
def lookup(sku: str, extra: dict[str, Any] | None = None) -> dict[str, int]:
    """查询库存。

    :param sku: 商品编号，
        例如 A-100。
    :param extra: Free-form filters.
    """
