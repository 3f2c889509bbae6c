"""Tools whose return types the MCP SDK's server describes each in its own way."""

from __future__ import annotations

import datetime
import enum
from dataclasses import dataclass
from collections.abc import Mapping
from decimal import Decimal
from typing import Annotated, Dict, Optional, TypedDict

from pydantic import BaseModel, Field

from mcp.server.mcpserver import MCPServer

mcp = MCPServer("desk")


class Agent(BaseModel):
    name: str


class Ticket(BaseModel):
    id: int
    subject: str
    assignee: Agent
    tags: list[str] = []


class Point(TypedDict):
    x: int
    y: int


@dataclass
class Span:
    start: int
    end: int = 0


class Outcome(BaseModel):
    result: int


class Priority(enum.Enum):
    LOW = "low"
    HIGH = "high"


@mcp.tool()
def get_ticket(ticket_id: int) -> Ticket:
    """Fetch one ticket."""
    return Ticket(id=ticket_id, subject="Printer", assignee=Agent(name="Ada"))


@mcp.tool()
def locate(ticket_id: int) -> Point:
    """Where the ticket's desk is."""
    return {"x": ticket_id, "y": 2}


@mcp.tool()
def window(ticket_id: int) -> Span:
    """The ticket's working hours."""
    return Span(start=9)


@mcp.tool()
def counts() -> dict[str, int]:
    """Open tickets per queue."""
    return {"hardware": 3}


@mcp.tool()
def legacy_counts() -> Dict[str, int]:
    """Open tickets per queue, spelled the old way."""
    return {"hardware": 3}


@mcp.tool()
def queues() -> list[str]:
    """The queues' names."""
    return ["hardware", "software"]


@mcp.tool()
def total() -> int:
    """How many tickets are open."""
    return 7


@mcp.tool()
def find(subject: str) -> Optional[Ticket]:
    """The first ticket with this subject."""
    return None


@mcp.tool()
def ping() -> None:
    """Check that the desk answers."""


@mcp.tool()
def outcome() -> Outcome:
    """The last job's outcome."""
    return Outcome(result=1)


@mcp.tool()
def priority(ticket_id: int) -> Priority:
    """The ticket's priority."""
    return Priority.HIGH


@mcp.tool()
def opened(ticket_id: int) -> datetime.date:
    """When the ticket was opened."""
    return datetime.date(2026, 1, 2)


@mcp.tool(structured_output=False)
def summary(ticket_id: int) -> Ticket:
    """The ticket, as text only."""
    return Ticket(id=ticket_id, subject="Printer", assignee=Agent(name="Ada"))


@mcp.tool(title="Close a ticket")
def close(ticket_id: int) -> str:
    """Close the ticket."""
    return "closed"


@mcp.tool("reopen", "Reopen a ticket")
def reopen_ticket(ticket_id: int) -> str:
    """Reopen the ticket."""
    return "reopened"


@mcp.tool()
def budget(ticket_id: int) -> Decimal:
    """The ticket's budget."""
    return Decimal("12.50")


@mcp.tool()
def raw(ticket_id: int) -> dict:
    """The ticket as it is stored."""
    return {"id": ticket_id}


@mcp.tool()
def labels(ticket_id: int) -> Annotated[list[str], Field(description="Labels")]:
    """The ticket's labels."""
    return ["urgent"]


@mcp.tool()
def owners(ticket_id: int) -> Mapping[str, str]:
    """Who owns which part."""
    return {"desk": "Ada"}
