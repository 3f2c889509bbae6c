"""agno's side: what an agent sends its model for each tool of the corpus.

agno 3.1.10: a ``Toolkit`` registers its tools in its constructor (agno/tools/toolkit.py); an
agent, on each run, takes a per-run copy of each toolkit ``Function`` and calls
``process_entrypoint`` (agent/_tools.py), wraps a plain callable in ``Function.from_callable``,
and processes an ``@tool`` ``Function`` as a toolkit's. The model is sent
``{"type": "function", "function": f.to_dict()}`` (models/base.py): the name, description and
parameters read here. Every toolkit class the corpus defines is built with its constructor's
defaults, as toolgen reads it, and its tools reported as that class's (``module:Class``, the
owner toolgen names); module-level ``@tool`` functions and agents' plain functions are
read too.
"""

from __future__ import annotations

import inspect
import logging
import sys
from types import ModuleType
from typing import Any

from agno.agent import Agent
from agno.tools import Function, Toolkit
from agno.utils.log import agent_logger, team_logger
from reference_common import instances

# agno logs its warnings (a media-typed parameter hidden) to stdout, where run.py writes.
for _logger in (agent_logger, team_logger):
    for _handler in _logger.handlers:
        if isinstance(_handler, logging.StreamHandler):
            _handler.setStream(sys.stderr)


def _sent(function: Function, plain: bool = False, owner: str = "") -> dict[str, Any]:
    if plain:
        copy = function
    else:
        copy = function._per_run_copy()
        copy.process_entrypoint(strict=False)
    sent = copy.to_dict()
    return {
        "name": sent["name"],
        "description": sent.get("description"),
        "parameters": sent.get("parameters") or {"type": "object", "properties": {}},
        **({"owner": owner} if owner else {}),
    }


def collect(modules: list[ModuleType]) -> list[dict[str, Any]]:
    names = {m.__name__ for m in modules}
    tools = []
    seen: set[type] = set()
    for module in modules:
        for value in vars(module).values():
            if (
                inspect.isclass(value)
                and issubclass(value, Toolkit)
                and value.__module__ in names
                and value not in seen
            ):
                seen.add(value)
                toolkit = value()
                owner = f"{value.__module__}:{value.__qualname__}"  # as toolgen names owners
                tools.extend(_sent(f, owner=owner) for f in toolkit.get_functions().values())
    for function in instances(modules, Function):  # ``@tool`` functions
        tools.append(_sent(function))
    for agent in instances(modules, Agent):
        for given in agent.tools or []:
            if not isinstance(given, (Function, Toolkit)) and callable(given):
                tools.append(_sent(Function.from_callable(given), plain=True))
    return tools
