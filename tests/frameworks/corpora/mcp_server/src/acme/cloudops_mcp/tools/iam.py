"""Identity and access: who am I, users, access keys."""

from __future__ import annotations

from typing import Annotated, Optional

from mcp.server.mcpserver import Context
from pydantic import Field

import acme.cloudops_mcp.constants as consts
from acme.cloudops_mcp.context import AppContext
from acme.cloudops_mcp.fields import PAGE_LIMIT
from acme.cloudops_mcp.models import UserFilter
from acme.cloudops_mcp.server import app


@app.tool()
async def whoami(ctx: AppContext) -> dict:
    """Return the account, user and role this session acts as."""
    return {"account": ctx.request_context.lifespan_context.account_id}


@app.tool(name=consts.TOOL_PREFIX + "list_users")
async def list_users(
    filter: Optional[UserFilter] = None,
    limit: int = PAGE_LIMIT,
    *,
    ctx: Context,
) -> list[dict]:
    """List IAM users.

    Args:
        filter: Narrow the listing by group, activity or name prefix.
        limit: Page size.
    """
    return []


@app.tool(name=consts.TOOL_PREFIX + "create_access_key")
async def create_access_key(
    user: Annotated[str, Field(description="User name the key belongs to.")],
    expires_in_days: int = Field(
        default=consts.DEFAULT_KEY_TTL_DAYS,
        ge=1,
        le=consts.MAX_KEY_TTL_DAYS,
        description=f"Days until the key expires (at most {consts.MAX_KEY_TTL_DAYS}).",
    ),
    description: str = "",
) -> dict:
    """Create an access key for a user. The secret is shown once, in this result only."""
    return {"access_key_id": "AKIA..."}
