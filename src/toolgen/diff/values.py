"""How the diff compares values and words their changes: identity with the keys' order,
canonical JSON, a short display, a word diff of two descriptions, and the change of a
description or of a keyword."""

from __future__ import annotations

import difflib
import json
import re
from typing import Any, Final

from toolgen.diff.model import Change


def identical(a: Any, b: Any) -> bool:
    """Equal, and every object's keys in the same order (``==`` ignores the order, which a
    model reads: the order of parameters is a change too)."""
    return bool(a == b) and _same_order(a, b)


def _same_order(a: Any, b: Any) -> bool:
    if isinstance(a, dict):
        if list(a) != list(b):
            return False
        return all(
            _same_order(value, b[key])
            for key, value in a.items()
            if isinstance(value, (dict, list))
        )
    if isinstance(a, list):
        return all(_same_order(x, y) for x, y in zip(a, b) if isinstance(x, (dict, list)))
    return True


def canonical(value: Any) -> str:
    """A value's identity for comparison: JSON with sorted keys (``1`` and ``true`` differ)."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


_WORDS: Final = re.compile(r"\S+")


def word_diff(old: str, new: str, context: int = 4) -> str:
    """The words that changed, as ``[-removed-]{+added+}`` among the unchanged ones (long
    unchanged runs shortened to ``…``)."""
    a, b = _WORDS.findall(old), _WORDS.findall(new)
    out: list[str] = []
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    opcodes = matcher.get_opcodes()
    for index, (tag, i1, i2, j1, j2) in enumerate(opcodes):
        if tag == "equal":
            words = a[i1:i2]
            first, last = index == 0, index == len(opcodes) - 1
            keep_head = 0 if first else context
            keep_tail = 0 if last else context
            if len(words) > keep_head + keep_tail + 1:
                words = [*words[:keep_head], "…", *words[len(words) - keep_tail :]]
            out.extend(words)
            continue
        if i2 > i1:
            out.append("[-" + " ".join(a[i1:i2]) + "-]")
        if j2 > j1:
            out.append("{+" + " ".join(b[j1:j2]) + "+}")
    return " ".join(out)


def description_change(tool: str, pointer: str, old: Any, new: Any) -> Change:
    if isinstance(old, str) and isinstance(new, str):
        words = word_diff(old, new)
        message = f"description changed: {words}"
    elif new is None:
        message = "description removed"
    elif old is None:
        message = "description added"
    else:
        message = "description changed"
    return Change(
        "description-changed",
        tool,
        pointer,
        message,
        **({"old": old} if old is not None else {}),
        **({"new": new} if new is not None else {}),
    )


def keyword_change(
    tool: str, pointer: str, key: str, old: dict[str, Any], new: dict[str, Any]
) -> Change:
    values: dict[str, Any] = {}
    if key in old:
        values["old"] = old[key]
    if key in new:
        values["new"] = new[key]
    if key not in old:
        message = f"'{key}' added: {show(new[key])}"
    elif key not in new:
        message = f"'{key}' removed (was {show(old[key])})"
    else:
        message = f"'{key}' changed: {show(old[key])} → {show(new[key])}"
    return Change("keyword-changed", tool, pointer, message, **values)


__all__ = [
    "canonical",
    "description_change",
    "escape",
    "identical",
    "keyword_change",
    "show",
    "word_diff",
]
