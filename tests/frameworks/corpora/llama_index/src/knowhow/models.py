"""Argument models the tools take."""

from typing import List, Optional

from pydantic import BaseModel, Field


class DateRange(BaseModel):
    """A span of days."""

    start: str = Field(description="First day, ISO 8601.")
    end: Optional[str] = Field(default=None, description="Last day, ISO 8601; open if missing.")


class EventDraft(BaseModel):
    """An event to put in the calendar."""

    title: str = Field(description="What the event is called.")
    attendees: List[str] = Field(default_factory=list, description="E-mail addresses invited.")
    minutes: int = Field(30, description="How long it lasts.")
