"""Types the tools share."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from datetime import date
from typing import Literal, NotRequired, TypedDict


class Cabin(str, enum.Enum):
    """Seat class."""

    ECONOMY = "economy"
    PREMIUM = "premium"
    BUSINESS = "business"


class Passenger(TypedDict):
    """A traveller as named on the passport."""

    first_name: str
    last_name: str
    birth_date: date
    loyalty_number: NotRequired[str]


@dataclass
class TripLeg:
    """One flight of an itinerary."""

    origin: str
    destination: str
    day: date
    cabin: Cabin = Cabin.ECONOMY
    stops: list[str] = field(default_factory=list)


Units = Literal["metric", "imperial"]
