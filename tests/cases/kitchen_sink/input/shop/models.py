"""Shared types."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, NamedTuple, Optional

import typing_extensions as te
from pydantic import BaseModel, Field

if TYPE_CHECKING:
    from decimal import Decimal


class Priority(enum.IntEnum):
    LOW = 1
    HIGH = 2


class Colour(str, enum.Enum):
    """A paint colour."""

    RED = "red"
    BLUE = "blue"


class Address(te.TypedDict, total=False):
    """A postal address."""

    street: te.Required[str]
    city: str
    zip_code: str


class Point(NamedTuple):
    x: float
    y: float = 0.0


@dataclass
class LineItem:
    sku: str
    quantity: int = 1
    tags: list[str] = field(default_factory=list)


class Category(BaseModel):
    """A product category; categories nest."""

    name: str = Field(description="Display name", min_length=1)
    parent: Optional[Category] = None
    children: list[Category] = []


class Money(BaseModel):
    amount: Decimal
    currency: Literal["EUR", "USD"] = "EUR"


Sku = str
Quantities = dict[str, int]
