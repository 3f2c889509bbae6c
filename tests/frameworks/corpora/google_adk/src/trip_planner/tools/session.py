"""Tools about the conversation itself: the date, feedback, starting over."""

import datetime
from typing import Optional

from google.adk import Context
from google.adk.tools import ToolContext


def get_current_date() -> str:
    """Returns today's date as YYYY-MM-DD, in the user's time zone."""
    return datetime.date.today().isoformat()


def clear_plan(confirm: bool = False, ctx: Optional[ToolContext] = None) -> dict:
    """Forgets the itinerary and the searches of this session.

    Args:
        confirm: Must be true; the user has to agree to start over.
    """
    if confirm and ctx is not None:
        ctx.state["itinerary"] = {}
    return {"status": "cleared" if confirm else "kept"}


def rate_answer(rating: int, comment: str, tool_context) -> dict:
    """Records the user's rating of the last answer.

    Args:
        rating: 1 (useless) to 5 (perfect).
        comment: What the user said about it.
    """
    tool_context.state["feedback"] = {"rating": rating, "comment": comment}
    return {"status": "thanks"}


def set_home_airport(iata_code: str, context: Context) -> dict:
    """Remembers the user's home airport for later searches.

    Args:
        iata_code: The airport, for example SFO.
    """
    context.state["user:home_airport"] = iata_code.upper()
    return {"status": "success"}
