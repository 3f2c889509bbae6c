"""Hotel tools: search, details, reviews and the user's favorites."""

from typing import Annotated, Literal, Optional

from google.adk.tools.tool_context import ToolContext
from pydantic import Field

from travel_common.codes import IsoDate
from trip_planner.config import DEFAULT_GUESTS, STATE_FAVORITES
from trip_planner.schemas import Amenity


def search_hotels(
    city: str,
    check_in: IsoDate,
    check_out: IsoDate,
    tool_context: ToolContext,
    guests: int = DEFAULT_GUESTS,
    amenities: Optional[list[Amenity]] = None,
    max_price: Optional[float] = None,
) -> dict:
    """Searches for hotels with free rooms.

    Args:
        city: Where to stay.
        check_in: First night.
        check_out: Day of departure.
        guests: How many people share the room.
        amenities: Amenities the hotel must have.
        max_price: Highest price per night, in the user's currency.

    Returns:
        A dict with the matching hotels, best rated first.
    """
    tool_context.state["last_city"] = city
    return {"status": "success", "hotels": []}


async def get_hotel_details(hotel_id: str, tool_context: ToolContext) -> dict:
    """Gets a hotel's address, photos, amenities and cancellation policy.

    Args:
        hotel_id: Id from a search_hotels result.
    """
    favorites = tool_context.state.get(STATE_FAVORITES, [])
    return {"id": hotel_id, "favorite": hotel_id in favorites}


def save_favorite_hotel(hotel_id: str, tool_context: ToolContext, note: str = "") -> dict:
    """Saves a hotel to the user's favorites, which outlive the session.

    Args:
        hotel_id: The hotel to save.
        note: A reminder of why the user liked it.
    """
    favorites = list(tool_context.state.get(STATE_FAVORITES, []))
    favorites.append(hotel_id)
    tool_context.state[STATE_FAVORITES] = favorites
    return {"status": "success", "favorites": len(favorites), "note": note}


def get_hotel_reviews(
    hotel_id: str,
    min_rating: Annotated[int, Field(ge=1, le=5, description="Lowest star rating to include.")] = 1,
    sort: Literal["newest", "highest", "lowest"] = "newest",
) -> list[dict]:
    """Gets guest reviews of a hotel.

    Args:
        hotel_id: The hotel.
        sort: Order of the reviews.
    """
    return []
