"""Docstrings → summary, long description and parameter descriptions, for every style.

``parse`` detects the style per docstring (reST fields, NumPy underlined sections,
else Google) and calls that style's ``parse_<style>``; all return a ``Docstring``.
"""

from __future__ import annotations

from toolgen.docstrings.model import Docstring, ParamDoc
from toolgen.docstrings.styles import (
    detect,
    parse_google,
    parse_numpy,
    parse_rest,
    split_lines,
)

__all__ = [
    "Docstring",
    "ParamDoc",
    "detect",
    "parse",
    "parse_google",
    "parse_numpy",
    "parse_rest",
    "split_lines",
    "typed",
    "until_heading",
    "without_parameter_section",
]

_PARSERS = {"google": parse_google, "numpy": parse_numpy, "rest": parse_rest}


def parse(text: str | None) -> Docstring:
    """Parse a cleaned docstring (``inspect.cleandoc`` form) in whichever style it is written."""
    if not text or not text.strip():
        return Docstring()
    return _PARSERS[detect(text)](text)


def typed(params: dict[str, ParamDoc]) -> dict[str, ParamDoc]:
    """Each entry that names a type described ``(type) description``, as docstring_parser's
    readers (agno) give it: the type as written, a trailing ``, optional`` left out."""
    out: dict[str, ParamDoc] = {}
    for name, entry in params.items():
        kind = entry.kind.removesuffix(", optional")
        text = f"({kind}) {entry.description}" if kind else entry.description
        out[name] = ParamDoc(text, entry.line, entry.kind)
    return out


_PARAM_HEADS = ("args:", "arguments:", "parameters:", "param:", "params:")
_OTHER_HEADS = (
    "returns:",
    "return:",
    "yields:",
    "yield:",
    "raises:",
    "raise:",
    "except:",
    "exceptions:",
    "examples:",
    "example:",
    "note:",
    "notes:",
    "see also:",
    "seealso:",
    "references:",
    "ref:",
)


def without_parameter_section(text: str | None) -> str:
    """The whole docstring but its parameter section, read line by line as Strands reads it: a
    line starting ``Args:`` (or ``Parameters:``, ...) opens the section, and a line starting with
    another section's word (``Returns:``, ``Raises:``, ``Note:``, ...) closes it."""
    kept: list[str] = []
    skipping = False
    for line in split_lines((text or "").strip()):
        head = line.strip().lower()
        if head.startswith(_PARAM_HEADS):
            skipping = True
            continue
        if head.startswith(_OTHER_HEADS):
            skipping = False
        if not skipping:
            kept.append(line)
    return "\n".join(kept).strip()


def until_heading(text: str | None, headings: tuple[str, ...]) -> str:
    """The docstring up to the first line that starts with one of ``headings`` (smolagents ends
    a tool's description at ``Args:``, ``Returns:`` or ``Raises:``, keeping a ``Note:`` before)."""
    kept: list[str] = []
    for line in split_lines((text or "").strip()):
        if line.strip().startswith(headings):
            break
        kept.append(line)
    return "\n".join(kept).strip()
