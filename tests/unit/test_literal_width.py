"""The emitter measures lines as black does, character by character, so its output is black's
fixed point even for combining marks and wide characters; a character it does not write as it
is (one newer than its fixed table, say) it writes as an ASCII escape, whatever black's width."""

from __future__ import annotations

import sys

import black
import pytest
from black.strings import char_width

from toolgen.render.literal import _char_width, assignment, str_width, string
from toolgen.visible import is_shown

WRITTEN = [chr(c) for c in range(0x80, sys.maxunicode + 1) if is_shown(chr(c))]
"""Every character the emitter writes as it is, beyond ASCII."""


def test_every_character_written_is_as_wide_as_black_counts_it() -> None:
    """The width is computed from Unicode's East Asian Width (the standard library's
    unicodedata), as black's table is made: the two agree on every character toolgen writes."""
    assert len(WRITTEN) > 90_000  # letters, marks and symbols of every script, CJK among them
    assert sum(_char_width(c) == 2 for c in WRITTEN) > 40_000
    different = [hex(ord(c)) for c in WRITTEN if _char_width(c) != char_width(c)]
    assert different == []


def test_a_character_not_written_as_it_is_has_an_ascii_literal() -> None:
    for code in range(0x80, sys.maxunicode + 1):
        if not is_shown(chr(code)):
            assert string(chr(code)).isascii(), hex(code)


@pytest.mark.parametrize(
    "char",
    [
        "\u0301",  # a combining mark: black counts it once
        "\U00018d09",  # unassigned in Python 3.11's Unicode data, wide in black's: escaped
        "\u4e00",  # CJK: twice
        "\u00e9",
    ],
)
def test_a_string_at_the_line_limit_is_laid_out_as_black_does(char: str) -> None:
    for fill in range(60, 90):
        value = "a" * fill + char * 3
        text = "from typing import Any\n\n" + assignment("VALUE", "Any", value, 88)
        assert black.format_str(text, mode=black.Mode(line_length=88)) == text, fill
    literal = string(char * 2)
    assert str_width(literal) == sum(map(char_width, literal))


@pytest.mark.parametrize("annotation", ["Any", ""])
@pytest.mark.parametrize("size", [30, 33, 35, 36, 40])
def test_a_long_atom_after_equals_is_wrapped_as_black_does(annotation: str, size: int) -> None:
    for value in ("a" * size, int("9" * size)):
        text = "from typing import Any\n\n" + assignment("VALUE", annotation, value, 40)
        assert black.format_str(text, mode=black.Mode(line_length=40)) == text
