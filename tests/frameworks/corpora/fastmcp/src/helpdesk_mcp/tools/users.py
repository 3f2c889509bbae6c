"""User tools: who is calling, who works here, and how they want to be told."""

from __future__ import annotations

from typing import Annotated

from fastmcp import Context
from fastmcp.dependencies import CurrentHeaders, Depends

from helpdesk_mcp.fields import PAGE, Email
from helpdesk_mcp.models import NotificationPrefs
from helpdesk_mcp.server import mcp
from helpdesk_mcp.store import TicketStore, get_store


@mcp.tool
async def whoami(ctx: Context) -> dict:
    """Describe the authenticated caller.

    Returns:
        The caller's email, display name and helpdesk role.
    """
    return {"client": ctx.client_id}


@mcp.tool
def lookup_user(email: Email, include_tickets: bool = False) -> dict:
    """Find a user by email address.

    Args:
        email: Exact address; the match ignores case.
        include_tickets: Also return the user's open tickets.
    """
    return {"email": email.lower()}


@mcp.tool
def list_agents(
    team: str | None = None, on_shift: bool | None = None, page: int = PAGE
) -> list[dict]:
    """List helpdesk agents.

    Parameters
    ----------
    team : str, optional
        Only the agents of this team.
    on_shift : bool, optional
        Only the agents currently on (true) or off (false) shift.
    page : int
        Which page of results.
    """
    return []


@mcp.tool
def update_notification_prefs(
    prefs: NotificationPrefs,
    headers: dict[str, str] = CurrentHeaders(),
) -> dict:
    """Change how the caller is notified about their tickets.

    Args:
        prefs: The channels to use and how often to send a digest.
    """
    return {"saved": dict(prefs), "via": headers.get("user-agent", "")}


@mcp.tool(name="deactivate_user")
def deactivate(
    user_id: int,
    store: Annotated[TicketStore, Depends(get_store)],
    reassign_to: Email | None = None,
) -> dict:
    """Deactivate a user account and hand over their open tickets.

    :param user_id: Numeric id of the user.
    :param reassign_to: The agent who takes over the open tickets; their team lead
        when not given.
    :raises ValueError: The user is the last administrator.
    """
    return {"id": user_id, "active": False}
