"""Cloud operations, as a plug-in agent of its own (installed from a separate wheel)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from oncall.fields import MONTH
from oncall_ext.cloud.regions import DEFAULT_REGION, Region
from pydantic import Field
from pydantic_ai import Agent, RunContext


@dataclass
class CloudDeps:
    account_id: str
    role_arn: str


cloud_agent = Agent("test", deps_type=CloudDeps, name="cloud", retries=2)


@cloud_agent.tool
async def describe_instances(
    ctx: RunContext[CloudDeps],
    region: Region = DEFAULT_REGION,
    instance_ids: list[str] | None = None,
) -> list[dict]:
    """Describe the compute instances of the account.

    Args:
        region: The region to look in.
        instance_ids: Only these instances; all of them when omitted.
    """
    return []


@cloud_agent.tool(docstring_format="sphinx")
def restart_service(
    ctx: RunContext[CloudDeps],
    cluster: str = Field(min_length=1),
    service: str = "web",
    force: bool = False,
) -> str:
    """Restart a container service by rolling its tasks.

    :param cluster: The cluster's name.
    :param service: The service's name within the cluster.
    :param force: Restart even if a deployment is in progress.
    """
    return "rolling"


@cloud_agent.tool_plain
def cost_report(
    month: Annotated[str, MONTH], group_by: Literal["service", "team", "region"] = "service"
) -> dict[str, float]:
    """Cost of the cloud account for a month.

    Args:
        group_by: How to break the cost down.
    """
    return {}


@cloud_agent.tool_plain
async def list_regions() -> list[str]:
    return ["eu-west-1", "eu-central-1", "us-east-1"]
