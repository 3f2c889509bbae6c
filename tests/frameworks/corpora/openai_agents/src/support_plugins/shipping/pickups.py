"""Booking couriers to collect returns at the customer's door."""

from agents import RunContextWrapper, function_tool
from agents.tool_context import ToolContext
from support_desk.context import SupportContext
from support_plugins.shipping.parcels import PickupWindow


@function_tool(strict_mode=False)
async def schedule_pickup(
    ctx: RunContextWrapper[SupportContext],
    window: PickupWindow,
    contact: dict[str, str],
    notes: str | None = None,
) -> str:
    """Book a courier to collect a return from the customer.

    Args:
        window: When the courier may come.
        contact: How the courier reaches the customer, e.g. {"phone": "+31 6 1234 5678"}.
        notes: Directions for the courier (gate codes, floor).
    """
    return "PCK-1"


@function_tool
def cancel_pickup(ctx: ToolContext[SupportContext], pickup_id: str, /, reason: str = "") -> bool:
    """Cancel a booked pickup.

    Args:
        pickup_id: The booking reference returned by schedule_pickup.
        reason: Why the pickup is cancelled.
    """
    return True


PICKUP_TOOLS = [schedule_pickup, cancel_pickup]
