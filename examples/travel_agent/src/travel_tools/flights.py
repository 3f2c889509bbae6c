"""Flight search and booking."""

from __future__ import annotations

from typing import Annotated, Optional

from pydantic import Field

from toolgen import Param, tool

from .models import Cabin, Passenger, TripLeg


@tool
async def search_flights(
    origin: Annotated[str, Param(desc="IATA code of the departure airport, e.g. CDG")],
    destination: Annotated[str, Param(desc="IATA code of the arrival airport")],
    day: str,
    cabin: Cabin = Cabin.ECONOMY,
    max_results: Annotated[int, Field(ge=1, le=50)] = 10,
    direct_only: bool | None = None,
) -> list[TripLeg]:
    """Search one-way flights between two airports.

    Args:
        day: Departure day, as YYYY-MM-DD.
        cabin: Seat class to price.
        max_results: How many offers to return at most.
        direct_only: Only flights without stops.
    """
    from datetime import date

    stops = [] if direct_only else ["OPO"]
    return [TripLeg(origin, destination, date.fromisoformat(day), cabin, stops)][:max_results]


@tool(name="book_trip", description="Book an itinerary for one or more passengers.")
def book(legs: list[TripLeg], passengers: list[Passenger], hold_only: bool = False,
         promo_code: Optional[str] = None) -> dict[str, str]:
    """Book flights.

    Args:
        legs: The flights, in travel order.
        passengers: Everyone travelling.
        hold_only: Hold the seats for 24 hours without paying.
        promo_code: A promotional code.
    """
    status = "held" if hold_only else "paid"
    return {"booking": f"TG{len(legs)}{len(passengers)}", "status": status}


def _price_in_cents(amount: float) -> int:
    return round(amount * 100)
