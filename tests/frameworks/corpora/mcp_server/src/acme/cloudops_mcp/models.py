"""Types the tools take as arguments."""

from __future__ import annotations

from enum import Enum, IntEnum
from typing import Literal

from pydantic import BaseModel, Field
from typing_extensions import NotRequired, TypedDict

InstanceSize = Literal["small", "medium", "large", "xlarge"]
Granularity = Literal["DAILY", "MONTHLY"]
SortOrder = Literal["asc", "desc"]


class InstanceState(str, Enum):
    """Lifecycle state of a compute instance."""

    PENDING = "pending"
    RUNNING = "running"
    STOPPED = "stopped"
    TERMINATED = "terminated"


class LogLevel(str, Enum):
    DEBUG = "debug"
    INFO = "info"
    WARNING = "warning"
    ERROR = "error"


class Currency(str, Enum):
    EUR = "EUR"
    USD = "USD"
    GBP = "GBP"


class Severity(IntEnum):
    LOW = 1
    MEDIUM = 2
    HIGH = 3


class CostDimension(str, Enum):
    SERVICE = "service"
    REGION = "region"
    TAG = "tag"


class TagSpec(BaseModel):
    """One tag to set on a resource."""

    key: str = Field(description="Tag key, at most 128 characters.", max_length=128)
    value: str = Field(default="", description="Tag value; empty to set a key-only tag.")


class UserFilter(TypedDict):
    """Which users to list."""

    group: NotRequired[str]
    active: NotRequired[bool]
    name_prefix: NotRequired[str]


class DeleteConfirmation(BaseModel):
    confirm: bool = Field(description="Delete the bucket and every object in it?")
