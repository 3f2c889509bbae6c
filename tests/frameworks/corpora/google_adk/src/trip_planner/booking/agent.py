"""The booking agent."""

from google.adk.agents import LlmAgent
from google.adk.tools import FunctionTool
from google.adk.tools.long_running_tool import LongRunningFunctionTool

from trip_planner.booking.tools import (
    book_flight,
    book_hotel,
    cancel_booking,
    get_booking,
    request_refund,
)
from trip_planner.config import MODEL

booking_agent = LlmAgent(
    name="booking_agent",
    model=MODEL,
    description="Books, looks up and cancels flights and hotels.",
    instruction=(
        "You make bookings the user has decided on. Repeat what you are about to book "
        "and its price, and book only when the user says yes."
    ),
    tools=[
        book_flight,
        book_hotel,
        FunctionTool(cancel_booking, require_confirmation=True),
        get_booking,
        LongRunningFunctionTool(func=request_refund),
    ],
)
