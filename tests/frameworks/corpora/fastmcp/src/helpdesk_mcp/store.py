"""The ticket store the tools read and write (in memory here)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class TicketStore:
    tickets: dict[str, dict[str, Any]] = field(default_factory=dict)
    users: dict[str, dict[str, Any]] = field(default_factory=dict)

    def get(self, ticket_id: str) -> dict[str, Any]:
        return self.tickets.get(ticket_id, {"id": ticket_id, "status": "open"})

    def put(self, ticket: dict[str, Any]) -> dict[str, Any]:
        self.tickets[ticket["id"]] = ticket
        return ticket


_STORE = TicketStore()


def get_store() -> TicketStore:
    """The process-wide store; a dependency of the tools that write."""
    return _STORE
