"""Reporting tools: statistics, exports and SLA breaches."""

from datetime import date
from typing import Literal

from helpdesk_mcp.context import HelpdeskContext
from helpdesk_mcp.models import GroupBy, Priority, TicketFilter
from helpdesk_mcp.server import mcp
from helpdesk_mcp.settings import DEFAULT_EXPORT_FORMAT, SLA_WINDOW_HOURS, STATS_TOOL_NAME


@mcp.tool(name=STATS_TOOL_NAME)
def ticket_stats(since: date, until: date | None = None, group_by: GroupBy = GroupBy.TEAM) -> dict:
    """Count tickets opened and closed over a period.

    Note:
        Tickets merged into another ticket are counted once, under the ticket
        they were merged into.

    Args:
        since: First day of the period.
        until: Last day of the period; today when not given.
        group_by: How to break the counts down.
    """
    return {}


@mcp.tool
async def export_tickets(
    fmt: Literal["csv", "json", "xlsx"] = DEFAULT_EXPORT_FORMAT,
    columns: list[str] | None = None,
    filters: TicketFilter | None = None,
    ctx: HelpdeskContext | None = None,
) -> str:
    """Export tickets to a file and return a download link.

    Args:
        fmt: File format.
        columns: Columns to include, in order; all of them when not given.
        filters: Which tickets to export.
    """
    if ctx is not None:
        await ctx.audit("export")
    return "https://helpdesk.example.com/exports/latest"


@mcp.tool
async def sla_breaches(
    ctx: HelpdeskContext,
    window_hours: float = SLA_WINDOW_HOURS,
    priorities: tuple[Priority, ...] = (Priority.HIGH, Priority.URGENT),
) -> list[dict]:
    """Tickets that missed their first-response target.

    Args:
        window_hours: How far back to look, in hours.
        priorities: Only tickets of these priorities.
    """
    return []
