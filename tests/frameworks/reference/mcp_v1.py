"""The reference side for the ``mcp`` SDK 1.x: what a ``FastMCP`` server lists for a corpus.

Every module-level instance of ``mcp.server.fastmcp.FastMCP`` (or of a subclass) found in the
corpus's modules is asked for its tools the way a client sees them (``tools/list``).
"""

from __future__ import annotations

import asyncio
from types import ModuleType
from typing import Any

from mcp.server.fastmcp import FastMCP
from reference_common import instances, mcp_tools


def collect(modules: list[ModuleType]) -> list[dict[str, Any]]:
    return asyncio.run(mcp_tools(instances(modules, FastMCP)))
