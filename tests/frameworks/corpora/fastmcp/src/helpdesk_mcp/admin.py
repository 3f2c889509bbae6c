"""The admin server: maintenance tools, served apart from the public ones."""

import fastmcp
from fastmcp.dependencies import CurrentContext

from helpdesk_mcp.models import Integration
from helpdesk_mcp.settings import RETENTION_DAYS, SERVER_NAME

admin = fastmcp.FastMCP(f"{SERVER_NAME}-admin")


@admin.tool
async def purge_closed_tickets(
    older_than_days: int = RETENTION_DAYS,
    dry_run: bool = True,
    ctx: fastmcp.Context = CurrentContext(),
) -> dict:
    """Delete closed tickets past the retention period.

    Args:
        older_than_days: Delete tickets closed more than this many days ago.
        dry_run: Only count what would be deleted.
    """
    await ctx.warning("purging closed tickets")
    return {"deleted": 0, "dry_run": dry_run}


@admin.tool(name="rotate_webhook_secret")
def rotate_secret(integration: Integration, *, confirm: bool) -> dict:
    """Issue a new webhook secret for an integration.

    The old secret stops working at once, so deliveries fail until the
    integration is updated.

    Args:
        integration: Which integration's secret to rotate.
        confirm: Must be true; guards against accidental rotation.
    """
    return {"integration": integration.name.lower(), "rotated": confirm}


@admin.tool
def server_health() -> dict:
    """Report the server's version, uptime and store size."""
    return {"ok": True}


def main() -> None:
    """Serve the admin tools over stdio."""
    admin.run()
