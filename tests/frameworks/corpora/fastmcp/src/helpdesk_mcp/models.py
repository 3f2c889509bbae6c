"""The helpdesk's domain types, as the tools accept them."""

from enum import Enum, IntEnum
from typing import Literal

from pydantic import BaseModel, Field
from typing_extensions import NotRequired, TypedDict

TicketStatus = Literal["open", "pending", "resolved", "closed"]
SortOrder = Literal["asc", "desc"]


class Priority(str, Enum):
    LOW = "low"
    NORMAL = "normal"
    HIGH = "high"
    URGENT = "urgent"


class GroupBy(Enum):
    TEAM = "team"
    AGENT = "agent"
    CHANNEL = "channel"


class Integration(IntEnum):
    SLACK = 1
    JIRA = 2
    PAGERDUTY = 3


class Requester(BaseModel):
    """Who asked for help."""

    email: str = Field(description="Where replies are sent.")
    name: str | None = Field(default=None, description="Display name, if known.")


class NewTicket(BaseModel):
    """A ticket as its requester files it."""

    subject: str = Field(max_length=200, description="One-line summary of the problem.")
    body: str = Field(description="Full description; Markdown is rendered.")
    priority: Priority = Priority.NORMAL
    requester: Requester
    tags: list[str] = Field(default_factory=list, description="Free-form labels.")


class TicketFilter(TypedDict, total=False):
    """Criteria a ticket must meet; every given key must match."""

    status: TicketStatus
    assignee: str
    priority: Priority
    tags: list[str]


class TicketChanges(TypedDict, total=False):
    status: TicketStatus
    priority: Priority
    assignee: str
    add_tags: list[str]


class NotificationPrefs(TypedDict):
    email: bool
    slack: NotRequired[bool]
    digest: Literal["none", "daily", "weekly"]
