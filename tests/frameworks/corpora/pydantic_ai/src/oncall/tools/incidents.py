"""Triage: pages, incidents, escalation, silences."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import Field
from pydantic_ai import RunContext

from oncall.agent import triage_agent
from oncall.deps import OpsDeps
from oncall.fields import LIMIT, IncidentId, PageId
from oncall.models import AlertMatcher, EscalationTarget, IncidentStatus, Severity, StatusUpdate
from oncall.settings import ESCALATION_HELP, ESCALATION_TOOL, MAX_SILENCE_MINUTES


@triage_agent.tool
async def open_incident(
    ctx: RunContext[OpsDeps],
    title: str,
    severity: Severity,
    services: list[str],
    summary: str = "",
) -> str:
    """Open a new incident and page the responders for its services.

    Use this once a page is confirmed to affect customers. The incident channel
    is created automatically and linked in the answer.

    Args:
        title: One line naming the symptom, not the cause.
        severity: 1 is a full outage, 4 a cosmetic problem.
        services: The affected services, as named in the service catalogue.
        summary: What is known so far.

    Returns:
        The new incident's key.
    """
    return "INC-1"


@triage_agent.tool
def acknowledge_page(ctx: RunContext[OpsDeps], page_id: PageId, note: str | None = None) -> bool:
    """Acknowledge a page so it stops re-notifying.

    Args:
        page_id: The page to acknowledge.
        note: Shown to the rest of the rotation.
    """
    return True


@triage_agent.tool(name=ESCALATION_TOOL, description=ESCALATION_HELP)
async def escalate(
    ctx: RunContext[OpsDeps], incident_id: IncidentId, to: EscalationTarget, reason: str
) -> str:
    """Escalate an incident.

    Args:
        to: Who to page next.
        reason: Why the current responders need help.
    """
    return "paged"


@triage_agent.tool_plain
def current_shift() -> dict[str, str]:
    """Who is on call right now, for every rotation."""
    return {}


@triage_agent.tool
async def list_open_incidents(
    ctx: RunContext[OpsDeps],
    status: IncidentStatus = IncidentStatus.OPEN,
    limit: int = LIMIT,
    since: datetime | None = None,
) -> list[dict]:
    """List incidents, most severe first.

    Args:
        status: Only incidents in this state.
        since: Only incidents opened after this time (ISO 8601).
    """
    return []


@triage_agent.tool
def post_status_update(ctx: RunContext[OpsDeps], update: StatusUpdate) -> str:
    """Publish an update on the public status page."""
    return "posted"


@triage_agent.tool
def silence_alert(
    ctx: RunContext[OpsDeps],
    matcher: AlertMatcher,
    duration_minutes: Annotated[int, Field(ge=5, le=MAX_SILENCE_MINUTES)] = 60,
    comment: Annotated[str, Field(description="Why the alert is silenced.")] = "",
) -> str:
    """Silence matching alerts for a while.

    Args:
        matcher: Labels the silenced alerts must have.
        duration_minutes: How long the silence lasts.
        comment: Reason for the silence, shown in the alert manager.
    """
    return "silenced"
