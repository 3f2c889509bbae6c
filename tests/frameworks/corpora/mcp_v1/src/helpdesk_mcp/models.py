"""Argument types of the helpdesk tools."""

from __future__ import annotations

from datetime import date
from enum import Enum
from typing import Literal, Optional

from pydantic import BaseModel, Field
from typing_extensions import TypedDict

SortOrder = Literal["asc", "desc"]
Window = Literal["24h", "7d", "30d"]


class Priority(str, Enum):
    """How urgent a ticket is."""

    LOW = "low"
    NORMAL = "normal"
    HIGH = "high"
    URGENT = "urgent"


class TicketStatus(str, Enum):
    NEW = "new"
    OPEN = "open"
    PENDING = "pending"
    SOLVED = "solved"
    CLOSED = "closed"


class ReportName(Enum):
    BACKLOG = "backlog"
    CSAT = "csat"
    FIRST_RESPONSE = "first_response"


class Resolution(TypedDict, total=False):
    """How a ticket was resolved."""

    code: Literal["fixed", "duplicate", "wont_fix", "no_response"]
    note: str
    notify_customer: bool


class CustomerPatch(BaseModel):
    """Fields to change on a customer; omitted fields stay as they are."""

    name: Optional[str] = None
    phone: Optional[str] = Field(default=None, description="E.164 phone number, e.g. +4930123456.")
    plan: Optional[Literal["free", "pro", "enterprise"]] = None
    renewal_date: Optional[date] = None
