"""Flights: search, book, follow and cancel."""

from typing import Annotated, Optional

from semantic_kernel import Kernel
from semantic_kernel.functions import KernelArguments, kernel_function

from concierge.constants import DATE, HIDDEN, SEARCH_FLIGHTS
from concierge.models import BookingRequest, Cabin
from concierge.plugins.base import ConciergePlugin


class FlightsPlugin(ConciergePlugin):
    """Flights between the airports Acme sells."""

    @kernel_function(description=SEARCH_FLIGHTS)
    async def search_flights(
        self,
        origin: Annotated[str, "The IATA code of the departure airport."],
        destination: Annotated[str, "The IATA code of the arrival airport."],
        date: Annotated[str, DATE],
        cabin: Cabin = Cabin.ECONOMY,
        passengers: Annotated[int, "How many people fly."] = 1,
        max_stops: Optional[int] = None,
    ) -> list[dict]:
        return []

    @kernel_function(name="book_flight")
    async def book(
        self,
        request: Annotated[BookingRequest, "Who flies, when, and in which cabin."],
        flight_number: str,
        kernel: Kernel,
    ) -> str:
        """Book a seat on a flight for a traveler."""
        return ""

    @kernel_function
    async def flight_status(self, flight_number: str, date: str | None = None) -> str:
        """Get the status of a flight: on time, delayed or cancelled."""
        return ""

    @kernel_function
    def cancel_booking(
        self,
        booking_id: Annotated[str, "The booking reference."],
        reason: Annotated[str, "Why the booking is cancelled."] = "changed plans",
        arguments: Annotated[KernelArguments, HIDDEN] = None,
    ) -> bool:
        """Cancel a flight booking.

        The fare rules decide what is refunded.
        """
        return True

    @kernel_function
    def seat_map(self, flight_number: str, cabin: Cabin) -> dict:
        """Show the free seats of a cabin on a flight."""
        return {}

    @kernel_function
    def baggage_allowance(self, cabin: Cabin, bags: list[int], fare: str = None) -> str:
        """How much baggage a fare allows, given the bags' weights in kilograms."""
        return ""
