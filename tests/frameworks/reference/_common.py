"""What the reference adapters share: finding a framework's objects among a corpus's modules,
and listing an MCP server's tools as a client receives them. ``run.py`` loads it as
``reference_common`` before the adapter."""

from __future__ import annotations

import inspect
import re
from types import ModuleType
from typing import Any, TypeVar

T = TypeVar("T")


def instances(modules: list[ModuleType], cls: type[T]) -> list[T]:
    """Every module-level instance of ``cls`` (or a subclass), each once: tool modules import the
    server or agent they decorate with, and packages re-export tools."""
    found: dict[int, T] = {}
    for module in modules:
        for value in vars(module).values():
            if isinstance(value, cls):
                found.setdefault(id(value), value)
    return list(found.values())


def owners(modules: list[ModuleType], cls: type[T]) -> list[tuple[str, T]]:
    """Every module-level instance of ``cls``, each once, named as toolgen names an owner:
    ``module:name`` of the module that assigns it (a module that imports it, a package
    re-exporting it, does not; where no module's source assigns the name, the first found)."""
    found: dict[int, list[tuple[str, str, ModuleType]]] = {}
    values: dict[int, T] = {}
    for module in modules:
        for name, value in vars(module).items():
            if isinstance(value, cls):
                found.setdefault(id(value), []).append((module.__name__, name, module))
                values[id(value)] = value
    out = []
    for key, places in found.items():
        assigned = [p for p in places if _assigns(p[2], p[1])]
        module, name, _ = (assigned or places)[0]
        out.append((f"{module}:{name}", values[key]))
    return out


def _assigns(module: ModuleType, name: str) -> bool:
    try:
        source = inspect.getsource(module)
    except (OSError, TypeError):
        return False
    return re.search(rf"^{re.escape(name)}\s*(:[^=\n]*)?=", source, re.MULTILINE) is not None


async def mcp_tools(servers: list[Any]) -> list[dict[str, Any]]:
    """``tools/list`` of each server of the mcp SDK: the wire form of each ``Tool``, its
    ``inputSchema`` as the parameters."""
    tools = []
    for server in servers:
        for tool in await server.list_tools():
            wire = tool.model_dump(mode="json", by_alias=True, exclude_none=True)
            tools.append(
                {
                    "name": wire["name"],
                    "description": wire.get("description"),
                    "parameters": wire["inputSchema"],
                }
            )
    return tools
