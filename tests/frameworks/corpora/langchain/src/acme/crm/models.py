"""Value types the tools accept."""

from __future__ import annotations

from enum import Enum, IntEnum
from typing import Literal

from pydantic import BaseModel, Field
from typing_extensions import NotRequired, TypedDict  # pydantic needs this TypedDict before 3.12

Currency = Literal["EUR", "USD", "GBP"]


class DealStage(str, Enum):
    """Where a deal stands in the sales pipeline."""

    LEAD = "lead"
    QUALIFIED = "qualified"
    PROPOSAL = "proposal"
    NEGOTIATION = "negotiation"
    WON = "won"
    LOST = "lost"


class Priority(IntEnum):
    LOW = 1
    NORMAL = 2
    HIGH = 3


class Address(TypedDict):
    """A postal address."""

    street: str
    city: str
    postal_code: str
    country: str
    region: NotRequired[str]


class DateRange(TypedDict, total=False):
    """An inclusive range of ISO dates; either end may be left open."""

    start: str
    end: str


class ContactInput(BaseModel):
    """A new contact."""

    first_name: str = Field(description="Given name.")
    last_name: str = Field(description="Family name.")
    email: str | None = Field(default=None, description="Primary e-mail address.")
    phone: str | None = None
    company_id: str | None = Field(default=None, description="The company the contact works for.")
    tags: list[str] = Field(default_factory=list, description="Free-form labels.")
