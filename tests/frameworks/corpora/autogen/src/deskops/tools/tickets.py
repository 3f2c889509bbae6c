"""Ticket tools. AutoGen describes a parameter by its ``Annotated`` text, else by its name."""

from __future__ import annotations

from typing import Annotated, Any, Optional

from autogen_core import CancellationToken

from deskops.schemas import Channel, Contact, Priority, TicketFilter
from deskops.settings import MAX_RESULTS, PAGE_SIZE


async def search_tickets(
    query: Annotated[str, "Free text to look for in subjects and bodies."],
    limit: Annotated[int, "How many tickets to return at most."] = MAX_RESULTS,
    cancellation_token: CancellationToken | None = None,
) -> list[dict[str, Any]]:
    return []


async def get_ticket(ticket_id: Annotated[int, "The ticket's number."]) -> dict[str, Any]:
    """Fetch one ticket with its full conversation."""
    return {}


async def create_ticket(
    subject: Annotated[str, "A one-line summary of the problem."],
    body: Annotated[str, "What the customer wrote, in full."],
    contact: Contact,
    priority: Priority = Priority.NORMAL,
    channel: Channel = "email",
    tags: Optional[list[str]] = None,
) -> int:
    """Open a new ticket for a customer.

    Args:
        subject: The subject line.
        body: The body.
    """
    return 0


async def assign_ticket(
    ticket_id: int,
    assignee: Annotated[str, "The login of the agent who takes it."],
    cancellation_token: CancellationToken,
) -> bool:
    """Assign a ticket to an agent."""
    return True


def list_tickets(
    filters: Annotated[TicketFilter, "Which tickets to list."],
    page: int = 1,
    page_size: int = PAGE_SIZE,
) -> list[int]:
    """List tickets page by page."""
    return []


def merge_tickets(
    primary: Annotated[int, "The ticket that stays."],
    duplicates: Annotated[list[int], "The tickets merged into it, then closed."],
) -> int:
    """Merge duplicate tickets into one."""
    return primary


def set_priority(ticket_id: int, priority: Priority) -> None:
    """Change a ticket's priority."""


async def add_note(
    ticket_id: int,
    text: Annotated[str, "The note; customers never see it."],
    pinned: bool = False,
    cancellation_token: Optional[CancellationToken] = None,
) -> None:
    """Add an internal note to a ticket."""


def close_ticket(ticket_id: int, resolution: Optional[str] = None) -> bool:
    """Close a solved ticket.

    The customer is sent the resolution, when given, with a satisfaction survey.
    """
    return True
