"""SQL reports on the reporting replica (registered on the reporting server)."""

from __future__ import annotations

from typing import Annotated, Optional

from mcp.server.fastmcp import Context
from pydantic import Field

from helpdesk_common.constants import DEFAULT_EXPORT_COLUMNS, DEFAULT_SCHEMA, MAX_ROWS
from helpdesk_common.fields import TEAM_FIELD
from helpdesk_mcp.context import HelpdeskContext
from helpdesk_mcp.models import ReportName, Window
from helpdesk_mcp.reporting import reports

_SQL_HELP = "A single SELECT statement. Writes and DDL are rejected."


@reports.tool(
    description=f"Run a read-only SQL query against the reporting replica. At most {MAX_ROWS} rows are returned."
)
async def run_query(
    sql: str = Field(description=_SQL_HELP), max_rows: int = MAX_ROWS
) -> list[dict]:
    return []


@reports.tool()
async def list_tables() -> list[str]:
    """List the tables and views of the reporting schema."""
    return []


@reports.tool()
async def describe_table(table: str, schema: str = DEFAULT_SCHEMA) -> list[dict]:
    """Describe a table's columns: name, type, nullability and comment.

    Args:
        table: Table or view name.
        schema: The database schema it lives in.
    """
    return []


@reports.tool()
async def sla_breaches(
    window: Window = "7d",
    team: Annotated[Optional[str], TEAM_FIELD] = None,
) -> list[dict]:
    """Tickets that breached their first-response or resolution SLA.

    Args:
        window: How far back to look.
        team: Only this team's tickets.
    """
    return []


@reports.tool()
async def agent_workload(team: Annotated[str, TEAM_FIELD], ctx: HelpdeskContext) -> list[dict]:
    """Open tickets per agent of a team, with the age of each agent's oldest ticket."""
    return []


@reports.tool()
def export_report(
    report: ReportName,
    columns: tuple[str, ...] = DEFAULT_EXPORT_COLUMNS,
    ctx: Optional[Context] = None,
) -> str:
    """Export a saved report as CSV and return a download link valid for an hour.

    Args:
        report: Which saved report.
        columns: Columns to include, in order.
    """
    return "https://reports.example.invalid/export.csv"
