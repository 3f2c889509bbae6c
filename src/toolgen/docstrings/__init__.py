"""Docstrings → summary, long description and parameter descriptions, for every style.

``parse`` detects the style per docstring (reST fields, NumPy underlined sections,
else Google) and calls that style's ``parse_<style>``; all return a ``Docstring``.
"""

from __future__ import annotations

from toolgen.docstrings.model import Docstring, ParamDoc
from toolgen.docstrings.styles import detect, parse_google, parse_numpy, parse_rest

__all__ = ["Docstring", "ParamDoc", "detect", "parse", "parse_google", "parse_numpy", "parse_rest"]

_PARSERS = {"google": parse_google, "numpy": parse_numpy, "rest": parse_rest}


def parse(text: str | None) -> Docstring:
    """Parse a cleaned docstring (``inspect.cleandoc`` form) in whichever style it is written."""
    if not text or not text.strip():
        return Docstring()
    return _PARSERS[detect(text)](text)
