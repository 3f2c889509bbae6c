"""smolagents' parameter descriptions: one ending ``(choices: ["a", "b"])`` lists the values
(``get_json_schema`` reads them as ``enum``, without them in the text)."""

from __future__ import annotations

import json
import re
from typing import Final

from toolgen.ir import JsonSchema

_CHOICES: Final = re.compile(r"\(choices:\s*", re.IGNORECASE)


def _choices_at_end(text: str) -> tuple[int, str] | None:
    """Where ``(choices: ...)`` ending ``text`` starts, and what it holds: the first
    ``(choices:`` from which the rest of its line up to the last ``)`` is the list, only
    whitespace after that ``)``. In one pass: a search from each ``(choices:`` to the end of
    its line would take time quadratic in a line of many of them."""
    end = len(text.rstrip()) - 1
    if end < 0 or text[end] != ")":
        return None
    line_break = text.rfind("\n", 0, end)
    for found in _CHOICES.finditer(text, 0, end + 1):
        if found.end() > line_break:  # the list may not cross a line
            return found.start(), text[found.end() : end]
    return None


def choices(schema: JsonSchema) -> JsonSchema:
    """``"The unit (choices: ["m", "km"])"``: the values become ``enum``, the text loses them."""

    text = schema.get("description")
    if not isinstance(text, str):
        return schema
    found = _choices_at_end(text)
    if found is None:
        return schema
    start, listed = found
    try:
        values = json.loads(listed)
    except ValueError:
        return schema
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        return schema
    return {
        **schema,
        "enum": [v.strip() for v in values],
        "description": text[:start].strip(),
    }
