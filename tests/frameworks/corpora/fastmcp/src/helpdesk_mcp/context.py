"""The request context, with the helpdesk's audit helper."""

from fastmcp import Context


class HelpdeskContext(Context):
    """FastMCP's context plus an audit trail."""

    async def audit(self, message: str) -> None:
        await self.info(f"[audit] {message}")
