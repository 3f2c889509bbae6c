"""black, for the ``formatter = "black"`` option and for proving the built-in layout is black's."""

from __future__ import annotations

import black


def format_with_black(text: str, line_length: int = 88) -> str:
    """``text`` formatted by black (target versions inferred, as ``black`` does by default)."""
    mode = black.Mode(line_length=line_length)
    return black.format_str(text, mode=mode)


def is_black_formatted(text: str, line_length: int = 88) -> bool:
    return format_with_black(text, line_length) == text
