"""CrewAI's wire form of a tool: the name and description its native function calling sends.

crewai 1.15.30, ``crewai/utilities/agent_utils.py``, ``convert_tools_to_openai_schema``: every
tool (a ``BaseTool`` subclass's instance, or what ``@tool`` made) is sent as
``sanitize_tool_name(tool.name)`` (``crewai/utilities/string_utils.py``) with the description
``strip_composite_description_prefix(tool.description)`` (``crewai/tools/structured_tool.py``):
the authored text, without a ``Tool Name: ...`` block an older version or an adapter composed.
The parameters are ``generate_model_description(args_schema)``'s: pydantic's schema of the
``args_schema`` model, rewritten for OpenAI's strict mode, which toolgen's OpenAI adapter does.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from typing import Final

_CAMEL_LOWER_UPPER: Final = re.compile(r"([a-z])([A-Z])")
_CAMEL_UPPER_LOWER: Final = re.compile(r"([A-Z]+)([A-Z][a-z])")
_QUOTES: Final = re.compile(r"[\'\"]+")
_DISALLOWED: Final = re.compile(r"[^a-zA-Z0-9]+")
_UNDERSCORES: Final = re.compile(r"_+")
_MAX_LENGTH: Final = 64
_COMPOSITE: Final = re.compile(r"^Tool Name:.*\nTool Arguments:.*\nTool Description:\s*", re.DOTALL)


def sanitize_tool_name(name: str, max_length: int = _MAX_LENGTH) -> str:
    """CrewAI's ``sanitize_tool_name``, step for step: ASCII by NFKD, camelCase split,
    lowercase, quotes dropped, every other run of non-alphanumerics one ``_``, trimmed; past 64
    characters, cut and ended with ``_`` and 8 hex digits of the whole name's SHA-256."""
    name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    name = _CAMEL_UPPER_LOWER.sub(r"\1_\2", name)
    name = _CAMEL_LOWER_UPPER.sub(r"\1_\2", name)
    name = _QUOTES.sub("", name.lower())
    name = _UNDERSCORES.sub("_", _DISALLOWED.sub("_", name)).strip("_")
    if len(name) > max_length:
        suffix = "_" + hashlib.sha256(name.encode()).hexdigest()[:8]
        name = name[: max_length - len(suffix)].rstrip("_") + suffix
    return name


def authored_description(description: str) -> str:
    """CrewAI's ``strip_composite_description_prefix``: a description that is a whole
    ``Tool Name: ...\\nTool Arguments: ...\\nTool Description: ...`` block is sent as the text
    after its last ``Tool Description:``; any other description as written."""
    found = _COMPOSITE.match(description)
    return description[found.end() :] if found else description


def wire_name(wire: str | None, name: str) -> str:
    """The name a framework's ``wire`` rule sends for the name written."""
    return sanitize_tool_name(name) if wire == "crewai" else name


def wire_description(wire: str | None, description: str) -> str:
    """The description a framework's ``wire`` rule sends for the description written."""
    return authored_description(description) if wire == "crewai" else description


__all__ = ["authored_description", "sanitize_tool_name", "wire_description", "wire_name"]
