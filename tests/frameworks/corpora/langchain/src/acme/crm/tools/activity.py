"""Activities: calls, meetings, notes and tasks."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

from langchain_core.tools import InjectedToolArg, tool

from acme.crm.runtime import CrmSession, TenantId
from acme.crm.settings import DEFAULT_MEETING_MINUTES, DEFAULT_TIMEZONE

TaskStatus = Literal["open", "in_progress", "done"]


@tool(parse_docstring=True)
def log_call(
    contact_id: str,
    duration: Annotated[int, "Duration of the call in minutes"],
    outcome: Literal["connected", "voicemail", "no_answer", "wrong_number"],
    tenant_id: TenantId,
    notes: str = "",
) -> dict:
    """Log a phone call with a contact.

    The call is added to the contact's timeline and to the timeline of every open
    deal of the contact's account.

    Calls shorter than a minute are logged as attempts.

    Args:
        contact_id: Who was called.
        outcome: How the call ended.
        notes: What was discussed, in a few sentences.
    """
    raise NotImplementedError


@tool
async def schedule_meeting(
    title: str,
    attendees: list[str],
    start: dt.datetime,
    session: Annotated[CrmSession, InjectedToolArg],
    duration_minutes: int = DEFAULT_MEETING_MINUTES,
    timezone: str = DEFAULT_TIMEZONE,
    location: str | None = None,
) -> dict:
    """Schedule a meeting and invite its attendees.

    Attendees are contact ids or e-mail addresses; invitations go out at once.
    """
    raise NotImplementedError


@tool("add_note", parse_docstring=True)
def add_note(
    record_id: str,
    text: str,
    tenant_id: TenantId,
    pinned: bool = False,
) -> dict:
    """Attach a note to a contact, account or deal.

    Args:
        record_id (str): The id of the contact, account or deal.
        text (str): The note, in Markdown.

            Mentions such as @jane notify the mentioned user.
        pinned (bool): Whether the note stays at the top of the timeline.
    """
    raise NotImplementedError


@tool(parse_docstring=True)
def list_tasks(
    tenant_id: TenantId,
    assignee: str | None = None,
    status: TaskStatus | None = None,
    due_before: dt.date | None = None,
    tags: set[str] | None = None,
) -> list[dict]:
    """List tasks, the most urgent first.

    Args:
        assignee: User name of the assignee; everyone's tasks when omitted.
        status: Only tasks in this status.
        due_before: Only tasks due before this date.
        tags: Only tasks with all of these tags.
    """
    raise NotImplementedError
