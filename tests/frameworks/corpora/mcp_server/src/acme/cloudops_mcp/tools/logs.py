"""Log search over every service's structured logs."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import Field

from acme.cloudops_mcp import constants
from acme.cloudops_mcp.models import LogLevel, Severity
from acme.cloudops_mcp.server import app


@app.tool(
    description=f"Query the structured logs with a LogQL expression. At most {constants.MAX_LOG_LINES} lines "
    f"are returned, newest first."
)
async def query_logs(
    query: str,
    lookback_minutes: int = constants.DEFAULT_LOOKBACK_MINUTES,
    level: LogLevel = LogLevel.INFO,
    max_lines: Annotated[
        int, Field(ge=1, le=constants.MAX_LOG_LINES)
    ] = constants.DEFAULT_LOG_LINES,
) -> list[str]:
    return []


@app.tool("tail")
def tail_logs(service: str, lines=constants.DEFAULT_TAIL_LINES) -> str:
    """Return the last lines a service logged."""
    return ""


@app.tool()
async def search_logs(
    text: str,
    since: datetime | None = None,
    until: datetime | None = None,
    services: list[str] | None = None,
    min_severity: Severity = Severity.MEDIUM,
) -> list[dict]:
    """Full-text search over log messages.

    Matches are case-insensitive and ranked by recency. Use ``query_logs`` instead
    when you know the labels you want; it is much cheaper.

    Args:
        text: Words to look for.
        since: Start of the time range (ISO 8601). Defaults to 24 hours ago.
        until: End of the time range (ISO 8601). Defaults to now.
        services: Restrict the search to these services.
        min_severity: Ignore messages below this severity.
    """
    return []
