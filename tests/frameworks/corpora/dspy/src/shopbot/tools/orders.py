"""Order tools."""

from datetime import date
from enum import Enum
from typing import Literal, Optional

from shopbot.models import Address, LineItem


class Carrier(str, Enum):
    DHL = "dhl"
    UPS = "ups"


def order_status(order_id: str) -> str:
    """The status of an order: placed, packed, shipped or delivered."""
    return ""


def place_order(items: list[LineItem], ship_to: Address, express: bool = False) -> str:
    """Place an order for the customer.

    Returns the new order's id.
    """
    return ""


def refund(order_id: str, amount: Optional[float] = None) -> bool:
    return True


def schedule_delivery(order_id: str, day: date, carrier: Carrier = Carrier.DHL) -> str:
    """Book a delivery day with a carrier."""
    return ""


def cancel(order_id: str, reason: Literal["changed_mind", "too_slow", "other"] = "other") -> bool:
    """Cancel an order that has not shipped yet."""
    return True


def track(order_id: str, verbose: bool = False) -> str:
    """Where a shipped order is now."""
    return ""
