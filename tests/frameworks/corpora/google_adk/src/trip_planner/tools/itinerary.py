"""Itinerary tools: the trip being planned lives in the session state."""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Optional

from travel_common.codes import Currency
from trip_planner.config import DAILY_SPEND, STATE_ITINERARY
from trip_planner.schemas import Activity, Stop

if TYPE_CHECKING:
    from google.adk.tools.tool_context import ToolContext


def _itinerary(tool_context: ToolContext) -> dict:
    return tool_context.state.setdefault(STATE_ITINERARY, {"stops": [], "activities": []})


def create_itinerary(title: str, stops: list[Stop], tool_context: ToolContext) -> dict:
    """Starts a new itinerary, replacing the current one.

    Args:
        title: A name for the trip, for example "Japan in April".
        stops: The places to stay at, in order.

    Returns:
        The new itinerary's id.
    """
    itinerary_id = uuid.uuid4().hex[:8]
    tool_context.state[STATE_ITINERARY] = {"id": itinerary_id, "title": title, "stops": stops}
    return {"status": "success", "itinerary_id": itinerary_id}


def add_activity(activity: Activity, tool_context: ToolContext, day: int = 1) -> dict:
    """Adds an activity to a day of the trip.

    Args:
        activity: What to do.
        day: Day of the trip, counting from 1.
    """
    _itinerary(tool_context).setdefault("activities", []).append(
        {"day": day, **activity.model_dump()}
    )
    return {"status": "success"}


def get_itinerary(tool_context: ToolContext) -> dict:
    """Returns the itinerary planned so far."""
    return _itinerary(tool_context)


def estimate_budget(
    nights: int,
    daily_spend: float = DAILY_SPEND,
    currency: Currency = Currency.EUR,
    extras: Optional[dict[str, float]] = None,
) -> dict:
    """Estimates what the trip will cost.

    The estimate covers lodging and daily spending; flights are added only
    when they are booked.

    Args:
        nights: Nights away.
        daily_spend: Spending per day besides lodging.
        currency: Currency of the estimate.
        extras: Other costs by name, for example {"rail pass": 250}.
    """
    total = nights * daily_spend + sum((extras or {}).values())
    return {"total": total, "currency": currency.value}
