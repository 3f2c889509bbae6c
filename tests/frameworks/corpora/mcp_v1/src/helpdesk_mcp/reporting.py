"""The reporting server: read-only access to the reporting replica, served on its own port."""

from __future__ import annotations

from mcp.server.fastmcp import FastMCP

from helpdesk_common.constants import APP_NAME


class ReportingServer(FastMCP):
    """A FastMCP that refuses to start without a read-only database URL."""

    def __init__(
        self, name: str, *, database_url: str = "postgresql://reporting@replica/helpdesk", **kwargs
    ):
        super().__init__(name, **kwargs)
        self.database_url = database_url


reports = ReportingServer(
    f"{APP_NAME}-reports", instructions="Read-only SQL over the helpdesk replica."
)
