"""The reference side for the ``mcp`` SDK 2.x: what an ``MCPServer`` lists for a corpus.

Every module-level instance of ``mcp.server.mcpserver.MCPServer`` (or of a subclass) found in the
corpus's modules is asked for its tools the way a client sees them (``tools/list``).
"""

from __future__ import annotations

import asyncio
from types import ModuleType
from typing import Any

from mcp.server.mcpserver import MCPServer
from reference_common import instances, mcp_tools


def collect(modules: list[ModuleType]) -> list[dict[str, Any]]:
    return asyncio.run(mcp_tools(instances(modules, MCPServer)))
