"""Hotels: search, look at, reserve."""

from typing import Annotated

from semantic_kernel.functions import kernel_function

from concierge.constants import CITY, DATE, HIDDEN
from concierge.models import Address, Currency, Traveler, VipTraveler
from concierge.plugins.base import ConciergePlugin


class HotelsPlugin(ConciergePlugin):
    """Hotels in the cities Acme serves."""

    def __init__(self, api_key: str = "") -> None:
        self.api_key = api_key

    @kernel_function
    def search(
        self,
        city: Annotated[str, CITY],
        check_in: Annotated[str, DATE],
        nights: int = 1,
        stars: Annotated[int | None, "The fewest stars the hotel may have."] = None,
        amenities: list[str] | None = None,
    ) -> list[dict]:
        """Search the hotels of a city with rooms free from a date."""
        return []

    @kernel_function
    def hotel_details(self, hotel_id: str) -> dict:
        """Everything known about one hotel."""
        return {}

    @kernel_function(description="Reserve a room for a guest.")
    def reserve_room(
        self,
        hotel_id: str,
        guest: Annotated[Traveler, "Who stays."],
        billing: Address | None = None,
        api_token: Annotated[str, "The partner's token.", HIDDEN] = "",
    ) -> str:
        return ""

    @kernel_function
    def reserve_suite(self, hotel_id: str, guest: VipTraveler) -> str:
        """Reserve a suite for a VIP guest."""
        return ""

    @kernel_function
    def price(self, hotel_id: str, nights: int, currency: Currency = Currency.EUR) -> float:
        """The price of a stay, in a currency."""
        return 0.0

    @kernel_function
    def reviews(
        self,
        hotel_id: str,
        limit: Annotated[int, {"description": "How many reviews to return."}] = 5,
    ) -> list[str]:
        """The latest reviews of a hotel."""
        return []
