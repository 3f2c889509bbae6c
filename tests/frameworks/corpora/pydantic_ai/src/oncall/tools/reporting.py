"""Tools of the report agent, which writes the post-incident report."""

from datetime import timedelta

from pydantic_ai import RunContext

from oncall.agent import report_agent
from oncall.fields import IncidentId
from oncall.models import CustomerTier, DashboardPanel


@report_agent.tool
def timeline(ctx: RunContext, incident_id: IncidentId, include_chat: bool = False) -> list[str]:
    """Build the incident's timeline from pages, deploys and status updates.

    Args:
        incident_id: The incident.
        include_chat: Add the messages of the incident channel too.
    """
    return []


@report_agent.tool_plain
def impact_estimate(
    affected_users: int, duration: timedelta, *, tier: CustomerTier = "standard"
) -> float:
    """Estimate the customer impact of an incident, in user-hours.

    Args:
        affected_users: How many users saw errors.
        duration: How long they saw them.

    Keyword Args:
        tier: The customer tier most affected.
    """
    return affected_users * duration.total_seconds() / 3600


@report_agent.tool
def attach_graph(ctx: RunContext, panel: DashboardPanel) -> str:
    return "attached"
