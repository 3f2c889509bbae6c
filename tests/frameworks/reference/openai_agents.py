"""The OpenAI Agents SDK's schemas for a corpus: what ``@function_tool`` serves, before strict mode.

How the reference is taken, and why this way:

* ``function_tool`` is the only way real code makes a tool from a function (``@function_tool``,
  ``@function_tool(...)``, ``agents.function_tool`` or ``agents.tool.function_tool``). Its
  result, a ``FunctionTool``, carries ``params_json_schema`` already passed through
  ``ensure_strict_json_schema`` when ``strict_mode=True`` (the default): every property
  required, ``additionalProperties: false``. That rewrite is a provider transform, which
  toolgen makes in its OpenAI adapter; the comparison is with toolgen's IR, so the reference
  must be the schema *before* it.
* So this module replaces ``agents.function_tool`` (and ``agents.tool.function_tool``) before the
  corpus is imported (``run.py`` imports the adapter first) by a recorder that calls the real
  decorator unchanged (the corpus gets the same ``FunctionTool``, and the same errors, it gets
  without us) and remembers, per ``FunctionTool`` made, the function and the decorator's keyword
  arguments.
* ``collect`` then takes every ``FunctionTool`` bound at module level in the corpus (the tools
  toolgen can see: it reads module-level functions), and builds it once more with the SDK's own
  ``function_tool(func, **the_same_keywords, strict_mode=False)``: the framework's whole
  pipeline (callable normalisation, docstring parsing, ``function_schema``), only without the
  strict rewrite. Its ``name``, ``description`` and ``params_json_schema`` are the reference.
  Rebuilding through ``function_tool`` rather than calling ``function_schema`` directly keeps
  every argument the decorator forwards (``name_override``, ``description_override``,
  ``docstring_style``, ``use_docstring_info``) forwarded exactly as the SDK forwards it.

A ``FunctionTool`` at module level that the recorder did not see (one built by hand with
``FunctionTool(...)``) is an error: its schema would be strict, and toolgen cannot read it.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import agents
import agents.tool
from agents.tool import FunctionTool
from reference_common import instances

_ORIGINAL = agents.tool.function_tool
# id(FunctionTool) -> (the tool, the decorated function, the decorator's keyword arguments)
_RECORDED: dict[int, tuple[FunctionTool, Any, dict[str, Any]]] = {}


def _recording_function_tool(func: Any = None, **kwargs: Any) -> Any:
    """``agents.function_tool``, remembering what it made and from what."""
    if func is None:
        return lambda real_func: _recording_function_tool(real_func, **kwargs)
    tool = _ORIGINAL(func, **kwargs)
    _RECORDED[id(tool)] = (tool, func, dict(kwargs))
    return tool


_recording_function_tool.__doc__ = _ORIGINAL.__doc__
agents.function_tool = _recording_function_tool
agents.tool.function_tool = _recording_function_tool


def collect(modules: list[ModuleType]) -> list[dict[str, Any]]:
    out = []
    for tool in instances(modules, FunctionTool):
        recorded = _RECORDED.get(id(tool))
        if recorded is None or recorded[0] is not tool:
            raise RuntimeError(
                f"FunctionTool {tool.name!r} was not made by agents.function_tool while the corpus "
                "was imported; its schema is strict and toolgen cannot read it"
            )
        _, func, kwargs = recorded
        loose = _ORIGINAL(func, **{**kwargs, "strict_mode": False})
        out.append(
            {
                "name": loose.name,
                "description": loose.description,
                "parameters": loose.params_json_schema,
            }
        )
    return out
