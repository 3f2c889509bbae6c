"""smolagents' side: every module-level ``@tool`` of the corpus, as a tool-calling model receives it.

``smolagents.tool`` (smolagents/tools.py: ``tool``) reads the function with ``get_json_schema``
(smolagents/_function_type_hints_utils.py) into a ``Tool`` instance: ``name``, ``description``
and ``inputs`` (``{name: {"type", "description", "nullable"?, "enum"?, ...}}``), which is not
JSON Schema (``"any"``, ``"nullable"``). ``ToolCallingAgent`` sends a model
``get_tool_json_schema(tool)`` (smolagents/models.py), smolagents' own conversion to JSON
Schema: ``"any"`` becomes ``"string"``, every input not marked nullable is required. That is the
schema taken here.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

_HERE = Path(__file__).resolve().parent


def _import_framework() -> None:
    """Import ``smolagents`` itself: run as a script, ``run.py`` has this folder first on ``sys.path``,
    where this file's name would hide the package. Once imported, the package is what the
    corpus's ``import smolagents`` finds too."""
    saved = list(sys.path)
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
    try:
        importlib.import_module("smolagents")
    finally:
        sys.path[:] = saved


_import_framework()
from smolagents.models import get_tool_json_schema  # noqa: E402
from smolagents.tools import Tool  # noqa: E402


def collect(modules: list[ModuleType]) -> list[dict[str, Any]]:
    seen: dict[int, Tool] = {}
    for module in modules:
        for value in vars(module).values():
            if isinstance(value, Tool):
                seen.setdefault(id(value), value)
    tools = []
    for tool in seen.values():
        function = get_tool_json_schema(tool)["function"]
        tools.append(
            {
                "name": function["name"],
                "description": function["description"],
                "parameters": function["parameters"],
            }
        )
    return tools
