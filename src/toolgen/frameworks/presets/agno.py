"""agno's preset: ``@tool``, and the agents and teams whose lists hold plain functions."""

from __future__ import annotations

from typing import Final

from toolgen.frameworks.rules import DecoratorRule, DocstringRule, Framework, ListRule

# agno 3.1.10 (agno/tools/function.py): a tool's description is the docstring's short and long
# description (docstring_parser, ``get_entrypoint_docstring``); a parameter's, its docstring
# entry, ``(type) `` before it when the entry names a type; ``Field`` and ``Annotated`` text are
# not read (utils/json_schema.py unwraps ``Annotated``); no default is sent.
_DOCS = DocstringRule("intro", True, ("docstring",), typed_params=True)
# A plain function in an agent's list (``Function.from_callable``) keeps a media-typed
# parameter; a toolkit's method and ``@tool`` (``process_entrypoint``) hide one typed with the
# media class itself (utils/schema.py, ``is_bare_media_typed``).
_PLAIN = DecoratorRule("agno", docstring=_DOCS, defaults=False)
_RULE = DecoratorRule(
    "agno",
    docstring=_DOCS,
    defaults=False,
    bare_injected=tuple(
        f"agno.media{inner}.{kind}"
        for kind in ("Image", "Audio", "Video", "File")
        for inner in ("", ".media")
    ),
)
_AGENTS = (
    "agno.agent.Agent",
    "agno.agent.agent.Agent",
    "agno.team.Team",
    "agno.team.team.Team",
)

FRAMEWORK: Final = Framework(
    "agno",
    "agno",
    ("agno",),
    dict.fromkeys(("agno.tools.tool", "agno.tools.decorator.tool"), _RULE),
    # ``Agent``, ``Team`` and ``RunContext`` parameters whatever their names
    # (utils/schema.py, ``is_framework_typed``), and the names agno fills
    # (``FRAMEWORK_INJECTED_PARAMS``, ``AGNO_INJECTED_PARAMS``).
    injected_types=(*_AGENTS, "agno.run.RunContext", "agno.run.base.RunContext"),
    injected_names=(
        "agent",
        "team",
        "run_context",
        "images",
        "videos",
        "audios",
        "files",
        "_agno_agent",
        "_agno_team",
        "_agno_run_context",
    ),
    # A plain function in ``tools=[...]`` is ``Function.from_callable(fn)`` (agent/_tools.py).
    lists=dict.fromkeys(_AGENTS, ListRule("agent", _PLAIN)),
)
