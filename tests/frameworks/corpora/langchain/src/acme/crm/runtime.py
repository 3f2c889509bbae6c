"""What the agent runtime injects into tools, never chosen by the model."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from langchain_core.tools import InjectedToolArg


class InjectedTenant(InjectedToolArg):
    """Marks the tenant id the graph injects from its state (like LangGraph's InjectedState)."""


TenantId = Annotated[str, InjectedTenant]


@dataclass
class CrmSession:
    """An authenticated API session, created per conversation."""

    base_url: str
    token: str

    def get(self, path: str, **params: object) -> dict:
        raise NotImplementedError("network access is not part of this corpus")

    def post(self, path: str, payload: object) -> dict:
        raise NotImplementedError("network access is not part of this corpus")
