"""Ticket tools: find, read, open and change helpdesk tickets."""

from typing import Annotated, Literal

from fastmcp import Context
from fastmcp.dependencies import CurrentContext, Depends
from pydantic import Field

from helpdesk_mcp.context import HelpdeskContext
from helpdesk_mcp.fields import PAGE, PAGE_SIZE, TicketId
from helpdesk_mcp.models import (
    NewTicket,
    Priority,
    SortOrder,
    TicketChanges,
    TicketFilter,
    TicketStatus,
)
from helpdesk_mcp.server import mcp
from helpdesk_mcp.settings import (
    CREATE_TICKET_DESCRIPTION,
    DEFAULT_PAGE_SIZE,
    MAX_COMMENT_LENGTH,
    TOOL_PREFIX,
)
from helpdesk_mcp.store import TicketStore, get_store


@mcp.tool
async def search_tickets(
    query: str,
    status: TicketStatus | None = None,
    limit: int = DEFAULT_PAGE_SIZE,
    ctx: Context | None = None,
) -> list[dict]:
    """Search tickets by free text.

    The query is matched against the subject, the body and the comments of
    every ticket the caller may see. Results come back best match first.

    Args:
        query: Words to look for; a quoted phrase must match exactly.
        status: Only return tickets in this state.
        limit: The most tickets to return.
    """
    if ctx is not None:
        await ctx.debug(f"searching tickets for {query!r}")
    return []


@mcp.tool()
async def get_ticket(ticket_id: TicketId, ctx: Context) -> dict:
    """Fetch one ticket with its whole comment thread."""
    await ctx.info(f"reading {ticket_id}")
    return get_store().get(ticket_id)


@mcp.tool
def list_tickets(
    filters: TicketFilter | None = None,
    page: int = PAGE,
    page_size: int = PAGE_SIZE,
    sort: SortOrder = "desc",
) -> list[dict]:
    """List tickets, newest first unless sorted otherwise.

    Args:
        filters: Criteria the tickets must meet. Without filters, every ticket
            the caller may see is listed.
        sort: Order by creation time.
    """
    return []


@mcp.tool(name=f"{TOOL_PREFIX}create_ticket", description=CREATE_TICKET_DESCRIPTION)
async def create_ticket(ticket: NewTicket, ctx: HelpdeskContext) -> dict:
    """Create a ticket (the decorator's description is what clients see)."""
    await ctx.audit(f"new ticket: {ticket.subject}")
    return get_store().put({"id": "HD-1", "subject": ticket.subject, "status": "open"})


@mcp.tool("assign_ticket")
def assign(
    ticket_id: TicketId,
    assignee: Annotated[str, "Email address of the agent who takes the ticket."],
    notify: bool = True,
    store: TicketStore = Depends(get_store),
) -> dict:
    """Assign a ticket to an agent.

    Args:
        ticket_id: The ticket to assign.
        notify: Email the assignee about it.
    """
    ticket = store.get(ticket_id)
    ticket["assignee"] = assignee
    return store.put(ticket)


@mcp.tool(description="Close a ticket with a resolution code.", tags={"write"})
def close_ticket(
    ticket_id: TicketId,
    resolution: Literal["fixed", "wont_fix", "duplicate", "cannot_reproduce"],
    comment: str | None = None,
    duplicate_of: Annotated[
        str | None,
        Field(
            description="The ticket this one duplicates; needed when the resolution is duplicate."
        ),
    ] = None,
) -> dict:
    """Close a ticket.

    Args:
        ticket_id: The ticket to close.
        resolution: Why it is closed.
        comment: A closing note the requester sees.
    """
    return {"id": ticket_id, "status": "closed", "resolution": resolution}


@mcp.tool
def set_priority(
    ticket_id: TicketId, priority: Priority = Priority.NORMAL, *, reason: str = ""
) -> dict:
    """Change a ticket's priority.

    Raising a ticket to urgent pages the on-call agent of its team, so give a
    reason whenever you do.

    Args:
        ticket_id: The ticket.
        priority: The new priority.
        reason: Why, for the audit log.
    """
    return {"id": ticket_id, "priority": priority.value}


@mcp.tool
async def add_comment(
    ticket_id: TicketId,
    body: Annotated[str, Field(min_length=1, max_length=MAX_COMMENT_LENGTH)],
    internal: bool = False,
    ctx: Context = CurrentContext(),
) -> dict:
    """Add a comment to a ticket.

    Args:
        ticket_id: The ticket to comment on.
        body: The comment, in Markdown.
        internal: Hide the comment from the requester; only agents see it.
    """
    await ctx.info(f"comment on {ticket_id}")
    return {"id": ticket_id, "comments": 1}


@mcp.tool(name="bulk_update_tickets")
async def bulk_update(
    ticket_ids: Annotated[
        list[str],
        Field(min_length=1, max_length=50, description="The tickets to change, at most 50."),
    ],
    changes: TicketChanges,
    ctx: Context,
) -> dict:
    """Apply the same change to many tickets at once.

    Every ticket is updated in a transaction of its own: a failure on one
    ticket does not stop the others.

    Args:
        changes: The fields to set; fields left out keep their value.

    Returns:
        The ids of the updated tickets, and an error message per failed ticket.
    """
    await ctx.report_progress(0, len(ticket_ids))
    return {"updated": ticket_ids, "failed": {}}
