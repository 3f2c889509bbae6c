"""Domain types tools take and agents return."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import Enum, IntEnum
from typing import Literal, Optional

from pydantic import BaseModel, Field
from typing_extensions import TypedDict


class Severity(IntEnum):
    SEV1 = 1
    SEV2 = 2
    SEV3 = 3
    SEV4 = 4


class IncidentStatus(str, Enum):
    OPEN = "open"
    MITIGATED = "mitigated"
    RESOLVED = "resolved"


EscalationTarget = Literal["secondary", "team_lead", "incident_commander"]
CustomerTier = Literal["free", "standard", "enterprise"]


class AlertMatcher(TypedDict, total=False):
    """Which alerts a silence applies to (every given label must match)."""

    alertname: str
    service: str
    environment: Literal["prod", "staging"]


class StatusUpdate(BaseModel):
    """A status-page update for an ongoing incident."""

    incident_id: str = Field(description="Incident the update is about.")
    message: str = Field(description="What customers will read. No internal names.")
    status: IncidentStatus = IncidentStatus.OPEN
    components: list[str] = Field(
        default_factory=list, description="Affected status-page components."
    )


@dataclass
class TimeRange:
    """A span of time, in UTC."""

    start: datetime
    end: Optional[datetime] = None  # noqa: UP045


@dataclass
class DashboardPanel:
    dashboard_uid: str
    panel_id: int
    theme: Literal["light", "dark"] = "light"


class IncidentReport(BaseModel):
    """The output of the report agent."""

    title: str
    summary: str
    root_cause: str | None = None
    follow_ups: list[str] = []
