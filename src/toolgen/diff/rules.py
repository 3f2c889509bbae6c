"""The IR compared tool by tool: each difference becomes a :class:`Change` of one rule.

Parameters are what a model (or a stored conversation) sends to the tool, so a schema that
accepts fewer values than before is *breaking* and one that accepts more is *non-breaking*:
``number`` → ``integer`` is a narrowing, ``integer`` → ``number`` a widening, and each rule's
inverse is the other.

Every keyword is compared at its own place: the pointer of a change is a JSON pointer into
the tool's IR (``/parameters/properties/unit/enum``), in the new version (in the old one for
what was removed). ``$ref`` is followed to its ``$defs`` entry, whose changes are reported
there once, however many parameters use it.
"""

from __future__ import annotations

from typing import Any

from toolgen.diff.model import Change
from toolgen.diff.schemas import SchemaWalk
from toolgen.diff.values import canonical, description_change, escape, identical, keyword_change

# --- tools ---------------------------------------------------------------------------------------


def compare_tools(old_tools: list[dict[str, Any]], new_tools: list[dict[str, Any]]) -> list[Change]:
    """Every change between two ``TOOLS`` lists, matched by name."""
    old = {t["name"]: t for t in old_tools}
    new = {t["name"]: t for t in new_tools}
    removed = sorted(old.keys() - new.keys())
    added = sorted(new.keys() - old.keys())
    renamed = _renames(removed, added, old, new)
    changes: list[Change] = []
    for name in removed:
        if name in renamed:
            target = renamed[name]
            changes.append(
                Change(
                    "tool-renamed",
                    target,
                    "",
                    f"likely renamed from '{name}' (removed, and added with identical parameters): "
                    f"calls to '{name}' fail",
                    old=name,
                    new=target,
                )
            )
        else:
            changes.append(Change("tool-removed", name, "", f"tool '{name}' removed"))
    targets = set(renamed.values())
    for name in added:
        if name not in targets:
            changes.append(Change("tool-added", name, "", f"tool '{name}' added"))
    for name in sorted(old.keys() & new.keys()):
        if not identical(old[name], new[name]):
            changes.extend(compare_tool(old[name], new[name]))
    return changes


def _renames(
    removed: list[str], added: list[str], old: dict[str, Any], new: dict[str, Any]
) -> dict[str, str]:
    """Removed name → added name, where exactly one of each has the same parameters."""
    gone: dict[str, list[str]] = {}
    came: dict[str, list[str]] = {}
    for name in removed:
        gone.setdefault(canonical(old[name]["parameters"]), []).append(name)
    for name in added:
        came.setdefault(canonical(new[name]["parameters"]), []).append(name)
    return {
        names[0]: came[key][0]
        for key, names in gone.items()
        if len(names) == 1 and len(came.get(key, ())) == 1
    }


def compare_tool(old: dict[str, Any], new: dict[str, Any]) -> list[Change]:
    """The changes of one tool present in both versions."""
    name = new["name"]
    out: list[Change] = []
    if old.get("description") != new.get("description"):
        out.append(
            description_change(name, "/description", old.get("description"), new.get("description"))
        )
    walk = SchemaWalk(name, old["parameters"], new["parameters"], out)
    walk.node(old["parameters"], new["parameters"], "/parameters", "/parameters", None)
    for key in sorted((old.keys() | new.keys()) - {"name", "description", "parameters"}):
        if canonical(old.get(key)) != canonical(new.get(key)):
            out.append(keyword_change(name, f"/{escape(key)}", key, old, new))
    return out


__all__ = ["compare_tool", "compare_tools"]
