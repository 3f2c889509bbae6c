"""Customer lookups and updates."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Optional

from mcp.server.fastmcp import Context

from helpdesk_common.fields import PAGE_SIZE
from helpdesk_mcp.app import mcp
from helpdesk_mcp.models import CustomerPatch


@mcp.tool()
async def lookup_customer(email: Annotated[str, "Customer e-mail address"]) -> dict:
    """Find a customer by e-mail address."""
    return {"email": email}


@mcp.tool()
async def list_customer_tickets(
    customer_id: int,
    since: Optional[date] = None,
    include_closed: bool = False,
    limit: int = PAGE_SIZE,
) -> list[dict]:
    """List a customer's tickets.

    Args:
        customer_id: The customer.
        since: Only tickets created on or after this date.
        include_closed: Include closed tickets.
    """
    return []


@mcp.tool()
async def update_customer(customer_id: int, patch: CustomerPatch, ctx: Context) -> dict:
    """Update a customer's profile.

    Args:
        customer_id: The customer to change.
        patch: The fields to change.
    """
    return {"id": customer_id}
