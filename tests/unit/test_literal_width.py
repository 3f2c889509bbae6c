"""The emitter measures lines as black does, character by character, so its output is black's
fixed point even for combining marks and characters newer than this Python's Unicode data."""

from __future__ import annotations

import sys

import black
import pytest
from black.strings import char_width

from toolgen.render.literal import _char_width, _width_table, assignment, str_width


def test_every_character_is_as_wide_as_black_counts_it() -> None:
    assert _width_table() is not None  # black's own table was found and read
    different = [
        hex(code)
        for code in range(0x80, sys.maxunicode + 1)
        if not 0xD800 <= code <= 0xDFFF and _char_width(chr(code)) != char_width(chr(code))
    ]
    assert different == []


@pytest.mark.parametrize(
    "char",
    [
        "\u0301",  # a combining mark: black counts it once
        "\U00018d09",  # unassigned in Python 3.11's Unicode data, wide in black's
        "\u4e00",  # CJK: twice
        "\u00e9",
    ],
)
def test_a_string_at_the_line_limit_is_laid_out_as_black_does(char: str) -> None:
    for fill in range(60, 90):
        value = "a" * fill + char * 3
        text = "from typing import Any\n\n" + assignment("VALUE", "Any", value, 88)
        assert black.format_str(text, mode=black.Mode(line_length=88)) == text, fill
    assert str_width(char * 2) == 2 * char_width(char)


@pytest.mark.parametrize("annotation", ["Any", ""])
@pytest.mark.parametrize("size", [30, 33, 35, 36, 40])
def test_a_long_atom_after_equals_is_wrapped_as_black_does(annotation: str, size: int) -> None:
    for value in ("a" * size, int("9" * size)):
        text = "from typing import Any\n\n" + assignment("VALUE", annotation, value, 40)
        assert black.format_str(text, mode=black.Mode(line_length=40)) == text
