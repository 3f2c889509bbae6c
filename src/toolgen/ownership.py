"""Which tools a target's constants hold, which each owner's, and under which prefix.

Every module's tools meet here first: a tool of no owner that an owner holds too is the
owner's alone (:func:`claimed`), ``owners = [...]`` takes its owners' (:func:`selected`), a
name is unique per owner (:func:`check_duplicates`), and when two owners share a tool name
each has its own constants (:func:`owner_prefixes`).
"""

from __future__ import annotations

import re

from toolgen.config import Target
from toolgen.errors import Diagnostics, SourceSpan
from toolgen.forms import ModuleResult, ToolForms
from toolgen.ir import Owner
from toolgen.select import wanted_owner

__all__ = [
    "check_duplicates",
    "claimed",
    "flat_tools",
    "owner_prefixes",
    "selected",
    "serves_mcp",
]


def flat_tools(tools: list[ToolForms]) -> tuple[list[ToolForms], str]:
    """What the target's own constants (``TOOLS``, ``TOOLS_OPENAI``, ...) hold, and their
    comment: every tool, as ever, while the names are unique across the target; when two owners
    share a name (two servers' ``search``), no list can hold both, so they hold the tools of no
    owner, and each owner's tools are in its own constants."""
    if len({t.name for t in tools}) == len(tools):
        return tools, ""
    return (
        [t for t in tools if t.owner is None],
        "The tools of no owner (two owners share a tool name: each has its own constants, see "
        "OWNERS).",
    )


def serves_mcp(tools: list[ToolForms]) -> frozenset[str] | None:
    """The tools ``TOOLS_MCP`` holds, by IR digest: in a target with an MCP server and an agent
    or toolset, all but the agent's and toolset's (the server does not serve them; a tool of no
    owner it may, by an ``add_tool`` toolgen does not read); else ``None``, every tool, as
    before owners (a target of agents alone keeps its ``TOOLS_MCP``)."""
    kinds = {t.owner.kind for t in tools if t.owner is not None}
    if "mcp-server" not in kinds or kinds == {"mcp-server"}:
        return None
    return frozenset(t.ir for t in tools if t.owner is None or t.owner.kind == "mcp-server")


def owner_prefixes(tools: list[ToolForms]) -> dict[Owner, str]:
    """Each owner's constant prefix, in a target whose tools have two or more owners or share a
    name (else none: a single owner's tools are the target's constants, unchanged).

    The prefix is the owner's name upper-cased (``weather = FastMCP(...)``: ``WEATHER``), with
    as many of its module's last parts before it as make it unique (two ``mcp = FastMCP(...)``
    in ``servers/weather.py`` and ``servers/travel.py``: ``WEATHER_MCP``, ``TRAVEL_MCP``).
    """
    owners = sorted({t.owner for t in tools if t.owner is not None})
    if not owners or (len(owners) == 1 and len({t.name for t in tools}) == len(tools)):
        return {}
    words = {o: [_word(p) for p in re.split(r"[.:]", o.id)] for o in owners}
    depth = dict.fromkeys(owners, 1)
    for _ in range(max(len(w) for w in words.values())):
        prefixes = {o: "_".join(words[o][-depth[o] :]) for o in owners}
        clashing = [o for o in owners if list(prefixes.values()).count(prefixes[o]) > 1]
        if not clashing:
            break
        for o in clashing:
            depth[o] = min(depth[o] + 1, len(words[o]))
    prefixes = {o: "_".join(words[o][-depth[o] :]) for o in owners}
    seen: dict[str, int] = {}
    for o in owners:  # ids that differ only in characters a name cannot hold
        count = seen[prefixes[o]] = seen.get(prefixes[o], 0) + 1
        if count > 1:
            prefixes[o] = f"{prefixes[o]}_{count}"
    return prefixes


def _word(part: str) -> str:
    """A part of an owner's id as part of a constant's name: ASCII letters, digits and ``_``."""
    word = re.sub(r"[^A-Za-z0-9_]", "_", part).upper().strip("_") or "OWNER"
    return word if not word[0].isdigit() else f"_{word}"


def selected(results: list[ModuleResult], target: Target) -> list[ToolForms]:
    """The target's tools: every module's, each claimed by its owner (:func:`claimed`), then
    those of the owners ``owners = [...]`` takes. Selecting after claiming is what keeps a tool
    an agent holds out of ``owners = [""]`` when the agent itself is not taken."""
    return [
        t for t in claimed([t for r in results for t in r.tools]) if wanted_owner(target, t.owner)
    ]


def claimed(tools: list[ToolForms]) -> list[ToolForms]:
    """``tools`` without each tool of no owner that an owner holds too, the same in every form:
    a tool made in one module (``search = Tool(f)``) and listed by an agent in another is that
    agent's alone, and so is a tool class an agent holds an instance of (two agents' classes may
    then share a name, as two agents' tools may). Each module's build sees only its closure, so
    the defining module cannot know; here every module's tools meet."""

    def key(tool: ToolForms) -> tuple[object, ...]:
        forms = tuple(sorted((k, bytes(v)) for k, v in tool.segments.items()))
        return tool.name, tool.span, tool.function, forms

    owned = {key(t) for t in tools if t.owner is not None}
    if not owned:
        return tools
    return [t for t in tools if t.owner is not None or key(t) not in owned]


def check_duplicates(tools: list[tuple[str, SourceSpan, Owner | None]], diags: Diagnostics) -> None:
    """Two tools with one name and one owner: an error at the second, naming the first.

    Names are unique per owner (two servers each serve their own ``search``), not per target.
    """
    keyed = [(name, owner, span) for name, span, owner in tools]
    if len({(name, owner) for name, owner, _ in keyed}) == len(keyed):
        return
    first: dict[tuple[str, Owner | None], SourceSpan] = {}
    # Plain tuples sort like SourceSpan (path, line, col), and much faster than dataclasses.
    for name, owner, span in sorted(keyed, key=lambda t: (t[0], t[2].path, t[2].line, t[2].col)):
        if (name, owner) in first:
            whose = f" of {owner.kind} '{owner.id}'" if owner is not None else ""
            diags.error(
                f"duplicate tool name '{name}'{whose}: also defined at {first[name, owner]}"
                " (rename one with @tool(name=...))",
                span,
                "duplicate-name",
            )
        else:
            first[name, owner] = span
