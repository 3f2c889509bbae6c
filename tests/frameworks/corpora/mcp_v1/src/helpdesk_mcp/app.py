"""The FastMCP instance every tool module registers on, and its lifespan."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from mcp.server.fastmcp import FastMCP

from helpdesk_common.constants import APP_NAME


@dataclass
class AppState:
    """What the lifespan opens once for all requests."""

    tenant: str = "default"
    search_index: dict[str, str] = field(default_factory=dict)


@asynccontextmanager
async def lifespan(server: FastMCP) -> AsyncIterator[AppState]:
    yield AppState()


mcp = FastMCP(APP_NAME, instructions="Tools for the support team's helpdesk.", lifespan=lifespan)
