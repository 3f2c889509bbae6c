"""Pydantic AI's schemas for a corpus: the tool definitions its agents hand to a model.

Tools are registered on an ``Agent`` (``@agent.tool``, ``@agent.tool_plain``, also on an
``Agent[Deps, Out](...)`` or an instance of a subclass of ``Agent``) or on a ``FunctionToolset``
(``@toolset.tool``, ``@toolset.tool_plain``) that an agent is given in ``toolsets=[...]``.
Registration builds each tool's schema at once (``Tool.__init__`` calls
``_function_schema.function_schema``), so nothing has to run.

``collect`` takes every ``Agent`` and every ``FunctionToolset`` bound at module level in the
corpus, and every ``FunctionToolset`` among the agents' ``toolsets`` (the agent's own function
toolset comes first), each once; for each of their tools, ``Tool.tool_def``, the
``ToolDefinition`` the framework gives the model before a model profile transforms it: its
``name``, ``description`` and ``parameters_json_schema``. The corpus's agents use the ``test``
model, so nothing calls the network. A ``prepare`` function, a ``PrefixedToolset`` or another
wrapper changes that definition per run; the corpora use none, and toolgen could not follow
them.

The module's name: ``run.py`` imports it as the top-level module ``pydantic_ai`` (with this
folder first on ``sys.path``), which is the framework's own name. When that is so, the
framework's package is imported in its place, with this folder off ``sys.path``, and this
module's ``collect`` is set on it, so ``run.py``'s ``adapter.collect`` and the corpus's
``from pydantic_ai import Agent`` both find what they expect. Loading the adapter under a name of
its own (``importlib.util.spec_from_file_location``) makes that unnecessary.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

_HERE = Path(__file__).resolve().parent
_SELF = sys.modules[__name__]


def _framework() -> ModuleType:
    """The real ``pydantic_ai`` package, even when this module was imported under its name."""
    if __name__ != "pydantic_ai":
        return importlib.import_module("pydantic_ai")
    saved_path = list(sys.path)
    del sys.modules["pydantic_ai"]
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
    try:
        return importlib.import_module("pydantic_ai")
    except BaseException:
        sys.modules["pydantic_ai"] = _SELF
        raise
    finally:
        sys.path[:] = saved_path


_pydantic_ai = _framework()
from pydantic_ai import Agent  # noqa: E402  (the real package, now)
from pydantic_ai.toolsets import FunctionToolset  # noqa: E402


def collect(modules: list[ModuleType]) -> list[dict[str, Any]]:
    agents: dict[int, Any] = {}
    toolsets: dict[int, FunctionToolset[Any]] = {}
    for module in modules:
        for value in vars(module).values():
            if isinstance(value, Agent):
                agents.setdefault(id(value), value)
    for agent in agents.values():
        for toolset in agent.toolsets:
            if isinstance(toolset, FunctionToolset):
                toolsets.setdefault(id(toolset), toolset)
    for module in modules:
        for value in vars(module).values():
            if isinstance(value, FunctionToolset):
                toolsets.setdefault(id(value), value)
    out = []
    for toolset in toolsets.values():
        for tool in toolset.tools.values():
            definition = tool.tool_def
            out.append(
                {
                    "name": definition.name,
                    "description": definition.description,
                    "parameters": definition.parameters_json_schema,
                }
            )
    return out


if __name__ == "pydantic_ai":
    # run.py's ``importlib.import_module("pydantic_ai")`` returns what ``sys.modules`` holds once
    # this module has run: the framework's package. Give it the adapter's one entry point.
    _pydantic_ai.collect = collect  # type: ignore[attr-defined]
