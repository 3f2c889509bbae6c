"""Compute: instances and services."""

from __future__ import annotations

from typing import Annotated, Optional

from pydantic import Field
from strands import ToolContext, tool

from opsbot.constants import DEFAULT_METRIC, DEFAULT_REGION, REGION_HELP
from opsbot.models import Environment, InstanceState, ScaleTarget


@tool
def list_instances(
    region: str = DEFAULT_REGION,
    state: Optional[InstanceState] = None,
    tags: Optional[dict[str, str]] = None,
) -> list[dict]:
    """List EC2 instances in a region.

    Instances are returned with their id, type, state and launch time, newest first.

    Args:
        region: The region to list. Defaults to the agent's home region.
        state: Only instances in this state.
        tags: Only instances carrying all of these tags (key to value).
    """
    raise NotImplementedError


@tool(name="reboot_instance", context=True)
async def reboot(instance_id: str, tool_context: ToolContext, force: bool = False) -> str:
    """Reboot an instance.

    Production instances are only rebooted when the user confirmed it in this
    conversation.

    Args:
        instance_id: The instance to reboot, for example i-0abc123.
        force: Stop and start the instance instead of an OS reboot.
    """
    raise NotImplementedError


@tool
def scale_service(target: ScaleTarget, environment: Environment, dry_run: bool = True) -> dict:
    """Change the number of tasks of an ECS service.

    Args:
        target: The service and the capacity it should have.
        environment: The environment the service runs in.
        dry_run: Only report what would change.
    """
    raise NotImplementedError


@tool
def get_instance_metrics(
    instance_id: str,
    metric: Annotated[str, "CloudWatch metric name, for example " + DEFAULT_METRIC],
    region: Annotated[str, REGION_HELP] = DEFAULT_REGION,
    period_seconds: int = Field(300, ge=60, description="Aggregation period in seconds."),
    hours: int = 3,
) -> list[dict]:
    """Fetch a CloudWatch metric of an instance.

    Args:
        instance_id: The instance.
        metric: The metric to fetch.
        hours: How far back to look.
    """
    raise NotImplementedError
