"""Types shared by the tools."""

from __future__ import annotations

from enum import Enum
from typing import Literal

from pydantic import BaseModel, Field

Environment = Literal["dev", "staging", "prod"]
LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR"]
InstanceState = Literal["pending", "running", "stopping", "stopped"]


class Severity(str, Enum):
    """How bad an incident is: SEV1 is an outage."""

    SEV1 = "sev1"
    SEV2 = "sev2"
    SEV3 = "sev3"


class ScaleTarget(BaseModel):
    """The capacity a service is scaled to."""

    service: str = Field(description="The ECS service name.")
    desired_count: int = Field(ge=0, le=100, description="How many tasks should run.")
    cpu: int | None = Field(default=None, description="CPU units per task; unchanged when omitted.")
    memory_mb: int | None = None
