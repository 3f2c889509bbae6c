"""The argument models of the help desk's tools."""

from enum import Enum
from typing import Literal

from pydantic import BaseModel, Field


class Priority(str, Enum):
    LOW = "low"
    NORMAL = "normal"
    HIGH = "high"
    URGENT = "urgent"


class TicketQuery(BaseModel):
    """Find tickets."""

    text: str = Field(description="Words to look for in the subject and body.")
    status: Literal["open", "pending", "closed"] | None = Field(
        default=None, description="Only tickets in this state."
    )
    limit: int = Field(default=20, ge=1, le=50, description="How many tickets to return.")


class NewTicket(BaseModel):
    subject: str = Field(min_length=3, max_length=200, description="One line.")
    body: str = Field(description="What the customer wrote.")
    priority: Priority = Field(default=Priority.NORMAL, description="How soon to answer.")
    tags: list[str] = Field(default_factory=list, description="Labels to file it under.")


class Assignment(BaseModel):
    ticket_id: int = Field(description="The ticket.")
    agent_email: str = Field(description="Who takes it.")
    note: str | None = None


class Reply(BaseModel):
    ticket_id: int
    message: str = Field(description="The answer, in Markdown.")
    internal: bool = Field(default=False, description="Visible to agents only.")


class CustomerLookup(BaseModel):
    email: str | None = Field(default=None, description="The customer's email address.")
    customer_id: int | None = Field(default=None, description="Or their id.")
