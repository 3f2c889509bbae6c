"""Incidents and alerts."""

from __future__ import annotations

from typing import Optional

from strands import Agent, ToolContext, tool

from opsbot import constants
from opsbot.models import Severity


@tool(context=True)
def open_incident(
    title: str,
    services: list[str],
    tool_context: ToolContext,
    severity: Severity = Severity.SEV3,
    summary: str = "",
) -> dict:
    """Open an incident and start its timeline.

    A SEV1 or SEV2 incident also pages the on-call engineer.

    Args:
        title: One line saying what is broken.
        services: The affected services.
        severity: How bad it is.
        summary: What is known so far.
    """
    raise NotImplementedError


@tool
def assign_incident(incident_id: str, agent: str) -> dict:
    """Assign an incident to a support agent.

    Args:
        incident_id: The incident.
        agent: The user name of the support agent who owns the incident from now on.
    """
    raise NotImplementedError


@tool
def acknowledge_alert(alert_id: str, note: Optional[str] = None) -> str:
    """Acknowledge an alert so that it stops paging.

    Args:
        alert_id: The alert.
        note: Why it is safe to acknowledge.
    """
    raise NotImplementedError


@tool
def hand_off_to_human(reason: str, agent: Agent, urgent: bool = False) -> str:
    """Hand the conversation over to the human on call, with a summary of it.

    The summary is written from the agent's message history.

    Args:
        reason: Why a human is needed.
        urgent: Page the human instead of e-mailing them.
    """
    raise NotImplementedError


@tool
def list_open_incidents() -> list[dict]:
    """List the open incidents, the most severe first."""
    raise NotImplementedError


@tool
def add_timeline_entry(incident_id: str, text: str, public: bool = False) -> dict:
    """Add an entry to an incident's timeline.

    :param incident_id: The incident.
    :param text: What happened, in one or two sentences.
    :param public: Whether the entry also appears on the status page.
    :returns: The stored entry.
    """
    raise NotImplementedError


@tool
def resolve_incident(
    incident_id: str, root_cause: str, follow_ups: list[str] | None = None
) -> dict:
    """Resolve an incident.

    Parameters
    ----------
    incident_id : str
        The incident.
    root_cause : str
        What caused it, for the postmortem.
    follow_ups : list of str, optional
        Action items to file as tickets.
    """
    raise NotImplementedError


@tool
def page_oncall(message: str, incident_id: Optional[str], rota: str = constants.ONCALL_ROTA) -> str:
    """Page the on-call engineer of a rota.

    Args:
        message: What the engineer should know, in one line.
        incident_id: The incident this page is about, or null for a page without one.
        rota: The rota to page.
    """
    raise NotImplementedError
