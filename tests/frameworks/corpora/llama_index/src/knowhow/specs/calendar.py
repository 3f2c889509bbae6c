"""A calendar spec: a workflow Context parameter and model arguments."""

import datetime
from typing import List, Optional

from llama_index.core.tools.tool_spec.base import BaseToolSpec
from llama_index.core.workflow import Context
from pydantic import Field

from knowhow.models import DateRange, EventDraft


class CalendarToolSpec(BaseToolSpec):
    """Reads and writes a calendar."""

    spec_functions = ["create_event", "list_events", "free_slots", "cancel_event"]

    def __init__(self, calendar_id: str = "primary", read_only: bool = False) -> None:
        self.calendar_id = calendar_id
        if read_only:  # registered conditionally, as real specs do for write access
            self.spec_functions = ["list_events", "free_slots"]

    def create_event(self, ctx: Context, event: EventDraft, notify: bool = True) -> str:
        """Create an event in the calendar.

        Args:
            event (EventDraft): The event to create.
            notify (bool): Whether to e-mail the attendees.
        """
        return ""

    def list_events(self, window: DateRange, limit: int = 20) -> List[str]:
        """List the events in a window of days.

        Args:
            window (DateRange): The days to look at.
            limit (int): How many events at most.
        """
        return []

    def free_slots(
        self,
        day: datetime.date,
        minutes: int = Field(30, description="Length of the slot wanted."),
        attendees: Optional[List[str]] = None,
    ) -> List[str]:
        """Find free slots on a day."""
        return []

    def cancel_event(self, event_id: str, reason: str = "") -> bool:
        """Cancel an event."""
        return True
