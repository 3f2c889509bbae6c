"""Context types the tools annotate their context parameter with."""

from __future__ import annotations

from mcp.server.fastmcp import Context
from mcp.server.session import ServerSession

from helpdesk_mcp.app import AppState


class HelpdeskContext(Context):
    """Context with the helpdesk's own logging conventions."""

    async def note(self, message: str) -> None:
        await self.info(f"[helpdesk] {message}")


StateContext = Context[ServerSession, AppState]
