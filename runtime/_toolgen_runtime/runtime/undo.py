"""A provider's rewrites of a call undone, as the generated ``TOOL_CALLS_<P>`` entry says, and
what a framework does to a call before its function sees it.

OpenAI's strict mode makes every optional property required and nullable, so ``null`` there
means "left out"; smolagents takes a nullable input's ``null`` as "left out" too where the
function's parameter has a default and takes no ``None``. The entry lists those places as JSON
pointers into the arguments (``omit_nulls``; ``*`` is any item of an array or value of an
object); a recursive type's places are given once, under ``defs``, relative to each value of
that type, and ``refs`` says where such values are. ``positional`` names the arguments a
framework passes by position (LangChain's one-string ``Tool``: ``func(arguments["__arg1"])``):
they are bound to the function's positional parameters, in order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["Rules", "bound_by_position", "omit_nulls", "rules_of", "sent_path"]

Parts = tuple[str, ...]


class Rules:
    """An entry's rules, its pointers split once: ``omits`` (the parent's parts, the key) and
    ``refs`` (the parts, the definition's name), and the definitions by name."""

    __slots__ = ("defs", "omits", "refs", "top")

    def __init__(
        self, rules: Mapping[str, Any], defs: dict[str, Rules] | None = None, root: bool = False
    ) -> None:
        self.top: tuple[str, ...] = ()
        """At the root, the parameters themselves (taken out of a shallow copy, the common case)."""
        self.omits: list[tuple[Parts, str]] = []
        for place in rules.get("omit_nulls", ()):
            *parents, last = _parts(place)
            if root and not parents:
                self.top += (last,)
            else:
                self.omits.append((tuple(parents), last))
        self.refs: list[tuple[Parts, str]] = [
            (_parts(place), name) for place, name in (rules.get("refs") or {}).items()
        ]
        self.defs: dict[str, Rules] = defs if defs is not None else {}


def rules_of(entry: Mapping[str, Any]) -> Rules | None:
    """The entry's rules, read once; ``None`` when there is nothing to undo."""
    if "omit_nulls" not in entry and "refs" not in entry:
        return None
    defs: dict[str, Rules] = {}
    for name, rules in (entry.get("defs") or {}).items():
        defs[name] = Rules(rules, defs)
    return Rules(entry, defs, root=True)


def omit_nulls(arguments: dict[str, Any], rules: Rules | None) -> dict[str, Any]:
    """``arguments`` without the nulls that mean "left out". The caller's value is never
    changed: when there is a null to take out, it is taken out of a copy."""
    if rules is None:
        return arguments
    out = arguments
    for key in rules.top:
        if key in out and out[key] is None:
            if out is arguments:
                out = dict(arguments)
            del out[key]
    if (rules.omits or rules.refs) and _apply(out, rules, "", set(), change=False):
        out = _copy(out)
        _apply(out, rules, "", set(), change=True)
    return out


def _apply(node: Any, rules: Rules, name: str, seen: set[tuple[int, str]], change: bool) -> bool:
    """Whether there is a null to take out under ``node`` (taken out when ``change``)."""
    if (id(node), name) in seen:  # a ref at "" that leads back to itself
        return False
    seen.add((id(node), name))
    found = False
    for parents, last in rules.omits:
        for parent in _matches(node, parents):
            if type(parent) is dict and last in parent and parent[last] is None:
                if not change:
                    return True
                del parent[last]
                found = True
    for parts, target in rules.refs:
        there = rules.defs.get(target)
        if there is not None:
            for value in _matches(node, parts):
                if _apply(value, there, target, seen, change):
                    if not change:
                        return True
                    found = True
    return found


def bound_by_position(entry: Mapping[str, Any], takes: list[str]) -> dict[str, str]:
    """The arguments the entry says go by position, named as the model sends them, each → the
    function's positional parameter (of ``takes``, in order) it binds to, where the names
    differ."""
    sent = entry.get("positional") or ()
    return {name: param for name, param in zip(sent, takes) if name != param}


def sent_path(path: str, sent: Mapping[str, str]) -> str:
    """A pointer into the arguments as the function names them, as the model sent them
    (``sent``: parameter → the argument's name)."""
    head, _, rest = path[1:].partition("/")
    if not path.startswith("/") or head not in sent:
        return path
    return f"/{sent[head]}" + (f"/{rest}" if rest else "")


def _copy(value: Any) -> Any:
    kind = type(value)
    if kind is dict:
        return {k: _copy(v) for k, v in value.items()}
    if kind is list:
        return [_copy(v) for v in value]
    return value


def _parts(place: str) -> Parts:
    if not place:
        return ()
    return tuple(p.replace("~1", "/").replace("~0", "~") for p in place[1:].split("/"))


def _matches(node: Any, parts: Parts) -> list[Any]:
    """The values at ``parts`` under ``node`` (``*``: every item or member)."""
    found = [node]
    for part in parts:
        step: list[Any] = []
        for value in found:
            kind = type(value)
            if kind is dict:
                if part == "*":
                    step.extend(value.values())
                elif part in value:
                    step.append(value[part])
            elif kind is list:
                if part == "*":
                    step.extend(value)
                elif part.isdigit() and int(part) < len(value):
                    step.append(value[int(part)])
        found = step
        if not found:
            break
    return found
