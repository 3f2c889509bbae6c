"""A second, operator-only server: mounted on the internal endpoint, never on the public one."""

from __future__ import annotations

from typing import Literal

from mcp.server import MCPServer
from pydantic import Field

from .constants import ADMIN_SERVER_NAME
from .fields import DRY_RUN

admin = MCPServer(ADMIN_SERVER_NAME, instructions="Operator tools. Every change is logged.")


@admin.tool()
def rotate_credentials(
    scope: Literal["all", "service", "user"] = "service",
    dry_run: bool = DRY_RUN,
) -> dict[str, int]:
    """Rotate stored credentials.

    Service credentials are rotated in place; user credentials are expired and the
    users are asked to sign in again.

    Args:
        scope: Which credentials to rotate.
        dry_run: Only count what would be rotated.
    """
    return {"rotated": 0}


@admin.tool(title="Run database migration")
def run_migration(
    schema: str = "public",
    target_version: str | None = Field(
        default=None, description="Migration to stop at; the latest when omitted."
    ),
) -> str:
    """Apply pending migrations to the metadata database."""
    return f"{schema}: up to date"


@admin.tool(title="Health")
def health_check() -> dict[str, str]:
    return {"status": "ok"}
