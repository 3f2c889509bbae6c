"""The parsed form every docstring style produces."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class ParamDoc:
    """One documented parameter: its description and the docstring line it is on (0-based)."""

    description: str
    line: int
    kind: str = ""
    """The type the entry names, as written (Google's ``x (int): ...``), if any."""


@dataclass(frozen=True, slots=True)
class Docstring:
    """Summary, long description (paragraphs separated by a blank line) and parameters."""

    summary: str = ""
    long_description: str = ""
    params: dict[str, ParamDoc] = field(default_factory=dict)
    style: str = "google"
    returns: str = ""
    """The Returns section's description."""
    returns_type: str = ""
    """The type the Returns section names (NumPy's first line, reST's ``:rtype:``), if any."""
