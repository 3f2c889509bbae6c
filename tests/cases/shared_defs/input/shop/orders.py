"""Tools whose types repeat: what shared definitions (share_defs = "auto") make smaller."""

from __future__ import annotations

from typing import Any, Literal, Optional

from pydantic import BaseModel, Field
from typing_extensions import TypedDict

from toolgen import tool

Carrier = Literal["post", "courier", "pickup", "freight", "drone"]


class Address(BaseModel):
    """A postal address."""

    street: str
    city: str
    postcode: Optional[str] = None
    country: str = "NL"


class Line(TypedDict):
    sku: str
    quantity: int


class Category(BaseModel):
    """A category, with its subcategories."""

    name: str
    children: list[Category] = []


class Gift(BaseModel):
    """Wrapping, used by one tool once."""

    message: str
    wrap: bool = True


@tool
def ship_order(
    lines: list[Line],
    billing: Address,
    shipping: Optional[Address] = None,
    returns: Optional[Address] = None,
    carrier: Carrier = "post",
    fallback_carrier: Optional[Carrier] = None,
) -> str:
    """Ship an order.

    Args:
        lines: What is shipped.
        billing: Where the invoice goes.
        shipping: Where the parcel goes; the billing address when left out.
        returns: Where returns go.
        carrier: Who carries it.
        fallback_carrier: Who carries it when the first cannot.
    """
    return "shipped"


@tool
def file_products(categories: list[Category], home: Category, gift: Gift | None = None) -> str:
    """File products under categories (a recursive type: its reference stays).

    Args:
        categories: Where they go.
        home: The category they start in.
        gift: Wrapping for the whole order.
    """
    return "filed"


@tool
def tag_addresses(
    addresses: list[Address], labels: dict[str, Address], extra: Any = None
) -> str:
    """Tag addresses by label (a value of any type sends it as parametersJsonSchema to Gemini).

    Args:
        addresses: The addresses.
        labels: The addresses by label.
        extra: Anything else.
    """
    return "tagged"
