"""Order lookups and changes."""

from __future__ import annotations

from typing import Literal

from agents import RunContextWrapper, function_tool

from support_desk.context import SupportContext
from support_desk.fields import LIMIT, PAGE, OrderId
from support_desk.models import Address, OrderStatus
from support_desk.settings import TOOL_PREFIX


@function_tool
async def lookup_order(ctx: RunContextWrapper[SupportContext], order_id: OrderId) -> dict:
    """Look up one of the customer's orders.

    Returns the items, the payment state and the shipping state. Orders of other
    customers are never returned, even when the number is right.

    Args:
        order_id: The order number the customer gave.
    """
    return {"order_id": order_id, "customer": ctx.context.customer_id}


@function_tool
async def list_recent_orders(
    ctx: RunContextWrapper[SupportContext],
    status: OrderStatus | None = None,
    page: int = PAGE,
    limit: int = LIMIT,
) -> list[dict]:
    """List the customer's most recent orders, newest first.

    Args:
        status: Only orders in this state. All states when omitted.
        page: Which page of results to return.
    """
    return []


@function_tool(name_override=f"{TOOL_PREFIX}_track_parcel")
def track_shipment(
    tracking_number: str, carrier: Literal["dhl", "ups", "gls", "postnl"] = "dhl"
) -> str:
    """Track a parcel with the carrier's public tracking service.

    Args:
        tracking_number: The tracking code from the shipping e-mail.
        carrier: The carrier that ships the parcel.

    Returns:
        The latest tracking event as one line of text.

    Raises:
        LookupError: When the carrier does not know the code.
    """
    return f"{carrier}:{tracking_number}: in transit"


@function_tool
async def update_shipping_address(
    ctx: RunContextWrapper[SupportContext],
    order_id: OrderId,
    address: Address,
    notify_customer: bool = True,
) -> str:
    """Change where an order is shipped.

    Only orders that have not left the warehouse can be changed; for others,
    offer to redirect the parcel with the carrier instead.

    Args:
        order_id: The order to change.
        address: The new delivery address. The country must be one the shop
            ships to.
        notify_customer: Send the customer a confirmation e-mail.
    """
    return "updated"
