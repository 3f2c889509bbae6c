"""A provider's rewrites of a call undone, as the generated ``TOOL_CALLS_<P>`` entry says.

Today one rewrite changes what a model sends: OpenAI's strict mode makes every optional
property required and nullable, so ``null`` there means "left out". The entry lists those
places as JSON pointers into the arguments (``*`` is any item of an array or value of an
object); a recursive type's places are given once, under ``defs``, relative to each value of
that type, and ``refs`` says where such values are.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["omit_nulls"]


def omit_nulls(arguments: dict[str, Any], entry: Mapping[str, Any]) -> dict[str, Any]:
    """``arguments`` without the nulls that mean "left out" (changed in place: the caller
    owns the copy it made of the model's arguments)."""
    if "omit_nulls" not in entry and "refs" not in entry:
        return arguments
    defs = entry.get("defs") or {}
    seen: set[tuple[int, str]] = set()

    def apply(node: Any, rules: Mapping[str, Any], name: str) -> None:
        if (id(node), name) in seen:  # a ref at "" that leads back to itself
            return
        seen.add((id(node), name))
        for place in rules.get("omit_nulls", ()):
            *parents, last = _parts(place)
            for parent in _matches(node, parents):
                if isinstance(parent, dict) and last in parent and parent[last] is None:
                    del parent[last]
        for place, target in (rules.get("refs") or {}).items():
            rules_there = defs.get(target)
            if rules_there:
                for value in _matches(node, _parts(place)):
                    apply(value, rules_there, target)

    apply(arguments, entry, "")
    return arguments


def _parts(place: str) -> list[str]:
    if not place:
        return []
    return [p.replace("~1", "/").replace("~0", "~") for p in place[1:].split("/")]


def _matches(node: Any, parts: list[str]) -> list[Any]:
    """The values at ``parts`` under ``node`` (``*``: every item or member)."""
    found = [node]
    for part in parts:
        step: list[Any] = []
        for value in found:
            if isinstance(value, dict):
                if part == "*":
                    step.extend(value.values())
                elif part in value:
                    step.append(value[part])
            elif isinstance(value, list):
                if part == "*":
                    step.extend(value)
                elif part.isdigit() and int(part) < len(value):
                    step.append(value[int(part)])
        found = step
    return found
