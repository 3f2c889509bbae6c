"""Shipping quotes from the carriers the warehouse works with."""

from agents import function_tool
from support_desk.settings import MAX_RESULTS, WAREHOUSE_CITY
from support_plugins.shipping.parcels import Parcel, ServiceLevel

CARRIERS = ("dhl", "ups", "gls", "postnl")


@function_tool
async def quote_shipping(
    parcel: Parcel,
    destination_country: str,
    services: list[ServiceLevel] = ["standard"],  # noqa: B006 (never mutated)
) -> list[dict]:
    """Quote the price of sending a parcel.

    Prices include VAT. Quotes are valid for the rest of the day.

    Args:
        parcel: The parcel to send.
        destination_country: ISO 3166-1 alpha-2 code of the destination, e.g. DE.
        services: Which service levels to quote.
    """
    return []


@function_tool(
    description_override=f"List the carriers that collect parcels in {WAREHOUSE_CITY}, at most {MAX_RESULTS}."
)
def list_carriers() -> list[str]:
    return list(CARRIERS)
