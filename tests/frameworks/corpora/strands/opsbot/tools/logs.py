"""Logs."""

import datetime
from collections.abc import AsyncIterator

from strands import ToolContext, tool

from ..constants import DEFAULT_LOG_LINES, MAX_LOG_LINES, SERVICE_NAME
from ..models import LogLevel


@tool(description=f"Return the last lines of a service's log (at most {MAX_LOG_LINES}).")
def tail_logs(service: str, lines: int = DEFAULT_LOG_LINES, level: LogLevel = "INFO") -> str:
    """Tail a log.

    Args:
        service: The service whose log is read.
        lines: How many lines.
        level: The lowest level shown.
    """
    raise NotImplementedError


@tool
async def search_logs(
    query: str,
    services: list[str],
    since: datetime.datetime | None = None,
    limit: int = DEFAULT_LOG_LINES,
) -> list[dict]:
    """Search the logs of several services with a CloudWatch Logs Insights query.

    Args:
        query: The Logs Insights query, for example: fields @message | filter level = "ERROR".
        services: The services whose log groups are searched.
        since: Only entries after this moment; the last hour when omitted.
        limit: At most this many entries.

    Returns:
        The matching entries, newest first.

    Raises:
        ValueError: When the query does not parse.
    """
    raise NotImplementedError


@tool(context="ctx")
def summarize_errors(
    service: str, ctx: ToolContext, hours: int = 24, include_warnings: bool = False
) -> str:
    """Summarize the errors a service logged, grouped by exception type.

    Args:
        service: The service.
        hours: The window, in hours.
    """
    raise NotImplementedError


@tool
async def follow_deployment(deployment_id: str, timeout_s: float = 900.0) -> AsyncIterator[str]:
    """Follow a deployment until it finishes, streaming its events as they happen.

    Args:
        deployment_id: The deployment, as returned by the CI pipeline.
        timeout_s: Stop following after this many seconds.
    """
    yield f"following {deployment_id} on behalf of {SERVICE_NAME}"
