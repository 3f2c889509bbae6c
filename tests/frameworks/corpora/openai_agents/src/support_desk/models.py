"""The shapes tools accept: enums, typed dicts, models and dataclasses."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import Enum
from typing import Literal

from pydantic import BaseModel, Field
from typing_extensions import NotRequired, TypedDict


class OrderStatus(str, Enum):
    PENDING = "pending"
    PAID = "paid"
    SHIPPED = "shipped"
    DELIVERED = "delivered"
    CANCELLED = "cancelled"


class Priority(Enum):
    LOW = "low"
    NORMAL = "normal"
    HIGH = "high"
    URGENT = "urgent"


class EscalationReason(str, Enum):
    CUSTOMER_REQUEST = "customer_request"
    LEGAL = "legal"
    SAFETY = "safety"
    TECHNICAL = "technical"


Tone = Literal["friendly", "formal", "apologetic"]
Currency = Literal["EUR", "GBP", "USD"]


class Address(TypedDict):
    """A postal address."""

    street: str
    city: str
    postal_code: str
    country: str
    care_of: NotRequired[str]


class RefundLine(BaseModel):
    sku: str = Field(description="Stock-keeping unit of the returned item.")
    quantity: int = Field(default=1, ge=1)


class RefundRequest(BaseModel):
    """A refund the customer asked for."""

    order_id: str = Field(description="The order to refund.")
    lines: list[RefundLine] = Field(description="What is being returned.")
    reason: Literal["damaged", "late", "wrong_item", "changed_mind"]
    keep_items: bool = False


@dataclass
class DateRange:
    """An inclusive range of days."""

    start: date
    end: date
