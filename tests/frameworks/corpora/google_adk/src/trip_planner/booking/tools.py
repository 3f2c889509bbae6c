"""Booking tools. These spend the user's money; the agent confirms before calling them."""

from typing import Optional

from google.adk.tools import ToolContext

from travel_common.codes import BookingRef, IsoDate
from trip_planner.schemas import Passenger, RoomType, SeatPreference


def _reference(prefix: str, key: str) -> str:
    return (prefix + key.upper())[:6].ljust(6, "X")


def book_flight(
    flight_id: str,
    passengers: list[Passenger],
    tool_context: ToolContext,
    seat_preference: Optional[SeatPreference] = None,
) -> dict:
    """Books a flight for one or more passengers.

    Args:
        flight_id: Id from a search_flights result.
        passengers: Everyone travelling, the paying passenger first.
        seat_preference: Preferred seat, if the fare allows choosing one.

    Returns:
        The booking reference and the total charged.
    """
    reference = _reference("F", flight_id)
    tool_context.state.setdefault("bookings", []).append(reference)
    return {"status": "booked", "booking_ref": reference}


def book_hotel(
    hotel_id: str,
    check_in: IsoDate,
    tool_context: ToolContext,
    nights: int = 1,
    room_type: RoomType = RoomType.DOUBLE,
) -> dict:
    """Books a hotel room.

    Args:
        hotel_id: Id from a search_hotels result.
        check_in: First night.
        nights: How many nights.
        room_type: Kind of room.
    """
    reference = _reference("H", hotel_id)
    tool_context.state.setdefault("bookings", []).append(reference)
    return {"status": "booked", "booking_ref": reference}


def cancel_booking(booking_ref: BookingRef, reason: Optional[str] = None) -> dict:
    """Cancels a flight or hotel booking.

    Parameters
    ----------
    booking_ref : str
        The booking to cancel.
    reason : str, optional
        Why, for the airline or hotel.
    """
    return {"status": "cancelled", "booking_ref": booking_ref}


def get_booking(booking_ref: BookingRef) -> dict:
    """Looks up a booking.

    :param booking_ref: The booking reference from the confirmation email.
    :returns: The booking's status, dates and price.
    """
    return {"booking_ref": booking_ref, "status": "confirmed"}


def request_refund(booking_ref: BookingRef, amount: float, tool_context: ToolContext) -> dict:
    """Asks a human agent to approve a refund.

    Args:
        booking_ref: The booking to refund.
        amount: The amount to refund, in the booking's currency.
    """
    tool_context.state["pending_refund"] = {"booking_ref": booking_ref, "amount": amount}
    return {"status": "pending", "ticket": f"REF-{booking_ref}"}
