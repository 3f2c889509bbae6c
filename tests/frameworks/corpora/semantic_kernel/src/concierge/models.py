"""The shapes the plugins take and return."""

from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import Annotated, Optional

from pydantic import BaseModel, Field


class Cabin(str, Enum):
    ECONOMY = "economy"
    PREMIUM = "premium"
    BUSINESS = "business"
    FIRST = "first"


class Currency(Enum):
    EUR = "EUR"
    USD = "USD"
    GBP = "GBP"


class Priority(IntEnum):
    LOW = 1
    MEDIUM = 2
    HIGH = 3


class Traveler(BaseModel):
    name: str = Field(description="The traveler's full name.")
    age: int | None = None
    loyalty_id: Optional[str] = None
    email: Annotated[str | None, "Where the tickets are sent."] = None


class VipTraveler(Traveler):
    lounge: bool = True
    notes: list[str] = []


class Address(BaseModel):
    street: Annotated[str, "The street and number."]
    city: Annotated[str, Field(description="The city.")]
    postcode: str = ""
    country: str = Field("NL", description="The ISO country code.")


@dataclass
class DateRange:
    start: str
    end: str
    flexible: bool = False


class BookingRequest(BaseModel):
    traveler: Traveler
    dates: DateRange
    cabin: Cabin = Cabin.ECONOMY
    extras: list[str] = Field(default_factory=list, description="Extra services.")
