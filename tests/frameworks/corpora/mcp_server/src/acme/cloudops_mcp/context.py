"""The request context the tools receive, with CloudOps helpers."""

from __future__ import annotations

from dataclasses import dataclass, field

from mcp.server.mcpserver import Context


@dataclass
class CloudState:
    """What the server's lifespan sets up once: the account and its clients."""

    account_id: str = "000000000000"
    clients: dict[str, object] = field(default_factory=dict)


class CloudContext(Context):
    """A Context that knows the CloudOps account."""

    async def audit(self, action: str, target: str) -> None:
        await self.info(f"audit: {action} {target}")


# The context as most tools annotate it: parametrised with the lifespan state.
AppContext = Context[CloudState]
