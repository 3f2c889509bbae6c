"""The records the tools take and return."""

from __future__ import annotations

from enum import Enum
from typing import Literal, Optional

from pydantic import BaseModel, Field


class Priority(str, Enum):
    LOW = "low"
    NORMAL = "normal"
    HIGH = "high"
    URGENT = "urgent"


class Contact(BaseModel):
    """Who raised the ticket."""

    email: str = Field(description="The contact's e-mail address.")
    name: Optional[str] = None
    phone: Optional[str] = None


class TicketFilter(BaseModel):
    status: Literal["open", "pending", "solved", "closed"] = "open"
    assignee: Optional[str] = Field(None, description="The agent's login; none: anyone.")
    tags: list[str] = []


class LineItem(BaseModel):
    sku: str
    quantity: int = Field(1, ge=1)
    unit_price: float


Channel = Literal["email", "chat", "phone", "web"]
