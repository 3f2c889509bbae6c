"""Ticket tools: create, read, update, search, comment, resolve, merge."""

from __future__ import annotations

from typing import Annotated, Optional

from mcp.server.fastmcp import Context
from pydantic import Field

from helpdesk_common import constants
from helpdesk_common.constants import CUSTOMER_EMAIL_TEXT, TICKET_PREFIX
from helpdesk_common.fields import PAGE_SIZE, TICKET_ID
from helpdesk_mcp.app import mcp
from helpdesk_mcp.context import HelpdeskContext
from helpdesk_mcp.models import Priority, Resolution, SortOrder, TicketStatus


@mcp.tool()
async def create_ticket(
    subject: str,
    body: str,
    customer_email: Annotated[str, Field(description=CUSTOMER_EMAIL_TEXT)],
    priority: Priority = Priority.NORMAL,
    tags: Optional[list[str]] = None,
    ctx: Context = None,
) -> dict:
    """Open a new ticket on behalf of a customer.

    Args:
        subject: One-line summary shown in the queue.
        body: The customer's message, in Markdown.
        customer_email: Who the ticket is for.
        priority: Initial priority.
        tags: Labels to add.
    """
    return {"id": 1}


@mcp.tool()
async def get_ticket(ticket_id: Annotated[int, TICKET_ID], ctx: Context) -> dict:
    """Fetch a ticket with its full conversation, newest message last."""
    await ctx.debug(f"get_ticket {ticket_id}")
    return {"id": ticket_id}


@mcp.tool()
async def update_ticket(
    ctx: HelpdeskContext,
    ticket_id: Annotated[int, TICKET_ID],
    status: Optional[TicketStatus] = None,
    priority: Optional[Priority] = None,
    assignee: Optional[str] = None,
) -> dict:
    """Change a ticket's status, priority or assignee.

    Only the fields you pass are changed.

    Args:
        ticket_id: The ticket to change.
        status: New status.
        priority: New priority.
        assignee: Agent e-mail, or an empty string to unassign.
    """
    await ctx.note(f"update {ticket_id}")
    return {"id": ticket_id}


@mcp.tool()
def search_tickets(
    query: str,
    status: Optional[list[TicketStatus]] = None,
    limit: int = Field(
        default=constants.DEFAULT_PAGE_SIZE,
        ge=1,
        le=constants.MAX_PAGE_SIZE,
        description="Page size.",
    ),
    page: int = 1,
    sort: SortOrder = "desc",
) -> list[dict]:
    """Search tickets by text, newest first.

    The query matches subjects, messages and customer names. Combine it with
    ``status`` to look at one queue only.

    Args:
        query: Words to match; quotes for an exact phrase.
        status: Only tickets in these statuses.
        page: 1-based page number.
        sort: Sort by creation time.
    """
    return []


@mcp.tool(name=TICKET_PREFIX + "comment")
async def add_comment(
    ticket_id: Annotated[int, TICKET_ID],
    text: str,
    internal: bool = False,
    ctx: Optional[Context] = None,
) -> dict:
    """Add a comment to a ticket.

    Args:
        ticket_id: The ticket.
        text: Comment text, in Markdown.
        internal: Only visible to agents, never e-mailed to the customer.
    """
    return {"ok": True}


@mcp.tool("resolve_ticket")
async def close_ticket(ticket_id: Annotated[int, TICKET_ID], resolution: Resolution) -> dict:
    """Mark a ticket as solved, recording how it was resolved."""
    return {"id": ticket_id, "status": "solved"}


@mcp.tool(
    name=f"{TICKET_PREFIX}merge",
    description="Merge duplicate tickets into one; the duplicates are closed.",
)
async def merge_tickets(
    primary_id: int, duplicate_ids: list[int], page_size: int = PAGE_SIZE
) -> dict:
    return {"id": primary_id, "merged": len(duplicate_ids)}
