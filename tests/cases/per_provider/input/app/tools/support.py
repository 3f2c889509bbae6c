"""Support tools: every way of naming a type from elsewhere."""

from __future__ import annotations

import typing as T
from typing import TYPE_CHECKING, NewType

import app.models.enums
import toolgen as tg

from .. import models as m
from ..models import Priority

if TYPE_CHECKING:
    from app.models import Ticket

TicketId = NewType("TicketId", int)
Labels = T.Dict[str, "Priority"]


@tg.tool
def open_ticket(ticket: Ticket, assignee: T.Optional[str] = None) -> TicketId:
    """Open a ticket.

    Args:
        ticket: The ticket to open.
        assignee: Who handles it.
    """


@tg.tool
def escalate(
    ticket_id: TicketId,
    to: m.Priority = m.Priority.URGENT,
    status: "app.models.enums.Status" = app.models.enums.Status.OPEN,
    labels: Labels | None = None,
) -> None:
    """Escalate a ticket.

    Keyword Args:
        ticket_id: Which ticket.
        to: The new priority.
    """


@tg.tool(name="bulk_close")
def close_many(ids: list[TicketId], because: Priority) -> int:
    """Close tickets in bulk."""
