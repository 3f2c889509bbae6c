"""Strands' side: every module-level ``@tool`` of the corpus, as its model provider receives it.

``strands.tool`` (strands/tools/decorator.py: ``tool``) turns a function into a
``DecoratedFunctionTool`` whose ``tool_spec`` (``FunctionToolMetadata.extract_metadata``) is what
``Agent`` hands every model provider: ``name``, ``description`` and ``inputSchema["json"]``.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

_HERE = Path(__file__).resolve().parent


def _import_framework() -> None:
    """Import ``strands`` itself: run as a script, ``run.py`` has this folder first on ``sys.path``,
    where this file's name would hide the package. Once imported, the package is what the
    corpus's ``import strands`` finds too."""
    saved = list(sys.path)
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
    try:
        importlib.import_module("strands")
    finally:
        sys.path[:] = saved


_import_framework()
from strands.tools.decorator import DecoratedFunctionTool  # noqa: E402


def collect(modules: list[ModuleType]) -> list[dict[str, Any]]:
    seen: dict[int, DecoratedFunctionTool] = {}
    for module in modules:
        for value in vars(module).values():
            if isinstance(value, DecoratedFunctionTool):
                seen.setdefault(id(value), value)
    tools = []
    for tool in seen.values():
        spec = tool.tool_spec
        tools.append(
            {
                "name": spec["name"],
                "description": spec.get("description"),
                "parameters": spec["inputSchema"]["json"],
            }
        )
    return tools
