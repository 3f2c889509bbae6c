"""Values the server fills in itself, before a tool runs (``Annotated[T, Resolve(fn)]``)."""

from __future__ import annotations

from typing import Annotated

from mcp.server.mcpserver import Context, Elicit, Resolve

from .models import DeleteConfirmation


def current_account(ctx: Context) -> str:
    """The account the session is bound to."""
    state = ctx.request_context.lifespan_context
    return getattr(state, "account_id", "000000000000")


async def confirm_bucket_deletion(bucket: str) -> Elicit[DeleteConfirmation]:
    """Ask the user before a bucket is deleted; ``bucket`` is the tool's own argument."""
    return Elicit(f"Delete bucket {bucket!r} and all its objects?", DeleteConfirmation)


CurrentAccount = Annotated[str, Resolve(current_account)]
