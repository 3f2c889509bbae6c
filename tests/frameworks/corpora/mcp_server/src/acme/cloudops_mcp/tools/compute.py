"""Compute instances: list, inspect, start, stop, resize, run commands."""

from __future__ import annotations

from typing import Annotated, Optional

from mcp.server.mcpserver import Context
from pydantic import Field

from acme.cloudops_mcp.audit import audited
from acme.cloudops_mcp.constants import (
    DEFAULT_COMMAND_TIMEOUT_S,
    DEFAULT_LIMIT,
    DEFAULT_REGION,
    INSTANCE_ID_TEXT,
    STOP_TIMEOUT_S,
    TOOL_PREFIX,
)
from acme.cloudops_mcp.context import AppContext, CloudContext
from acme.cloudops_mcp.fields import INSTANCE_ID, REGION_FIELD
from acme.cloudops_mcp.models import InstanceSize, InstanceState, SortOrder
from acme.cloudops_mcp.server import app


@app.tool()
async def list_instances(
    region: Annotated[Optional[str], REGION_FIELD] = None,
    state: Optional[InstanceState] = None,
    limit: int = Field(default=DEFAULT_LIMIT, description="Maximum number of instances to return."),
    order: SortOrder = "desc",
) -> list[dict]:
    """List compute instances, newest first.

    Args:
        region: Region to list; the default region when omitted.
        state: Only instances in this state.
        limit: Page size.
        order: Sort by launch time, ascending or descending.
    """
    return []


@app.tool()
async def describe_instance(
    ctx: Context,
    instance_id: str = Field(..., description=INSTANCE_ID_TEXT),
    region: str = DEFAULT_REGION,
) -> dict:
    """Show one instance: its size, state, addresses, volumes and tags."""
    await ctx.debug(f"describe {instance_id}")
    return {"id": instance_id}


@app.tool(name=TOOL_PREFIX + "start_instance")
async def start_instance(instance_id: Annotated[str, INSTANCE_ID], ctx: AppContext) -> str:
    """Start a stopped instance.

    Returns immediately; the instance reaches ``running`` within a minute or two.
    """
    return "pending"


@app.tool(
    name=f"{TOOL_PREFIX}stop_instance",
    description=f"Stop a running instance. Waits at most {STOP_TIMEOUT_S} seconds for a clean shutdown "
    "before the instance is powered off.",
)
async def stop_instance(
    instance_id: Annotated[str, INSTANCE_ID],
    force: bool = False,
    ctx: Optional[Context] = None,
) -> str:
    """Stop an instance (description given on the decorator)."""
    if ctx is not None:
        await ctx.info(f"stopping {instance_id}")
    return "stopping"


@app.tool()
async def resize_instance(
    ctx: CloudContext, instance_id: Annotated[str, INSTANCE_ID], size: InstanceSize
) -> str:
    """Change an instance's size.

    The instance is stopped, resized and started again, so expect a few minutes of
    downtime.

    Args:
        instance_id: The instance to resize.
        size: The new size.
    """
    await ctx.audit("resize", instance_id)
    return size


@app.tool()
@audited
async def run_command(
    instance_id: Annotated[str, INSTANCE_ID],
    command: list[str],
    timeout_s: int = DEFAULT_COMMAND_TIMEOUT_S,
    env: dict[str, str] | None = None,
) -> dict:
    """Run a command on an instance through the agent and return its output.

    Args:
        instance_id: Where to run it.
        command: The program and its arguments, not a shell string.
        timeout_s: Seconds before the command is killed.
        env: Extra environment variables.
    """
    return {"exit_code": 0, "stdout": "", "stderr": ""}
