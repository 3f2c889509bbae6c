"""Text that would lie to a reviewer or a terminal (issue 24, class 7): invisible and reordering
characters are escaped in every string of the generated module, in its comments and its
docstring; ``toolgen diff`` output is inert Markdown and plain terminal text; and a name is
published as Python binds it (NFKC)."""

from __future__ import annotations

import ast

import pytest

from toolgen.render.escape import comment_text, docstring_text
from toolgen.render.literal import assignment, list_item, string

HIDDEN = [
    "\u202a",  # LEFT-TO-RIGHT EMBEDDING ... U+202E RIGHT-TO-LEFT OVERRIDE
    "\u202b",
    "\u202c",
    "\u202d",
    "\u202e",
    "\u2066",  # isolates
    "\u2067",
    "\u2068",
    "\u2069",
    "\u200b",  # zero-width space, non-joiner, joiner, LRM, RLM
    "\u200c",
    "\u200d",
    "\u200e",
    "\u200f",
    "\u2028",  # line and paragraph separators
    "\u2029",
    "\ufeff",  # BOM / zero-width no-break space
    "\u00ad",  # soft hyphen
    "\u061c",  # Arabic letter mark
    "\u2060",  # word joiner
    "\u2064",  # invisible plus
    "\u180e",  # Mongolian vowel separator
    "\u034f",  # combining grapheme joiner
    "\ufe0f",  # variation selector 16
    "\U000e0100",  # variation selector 17
    "\U000e0041",  # tag LATIN CAPITAL LETTER A
    "\U000e007f",  # cancel tag
    "\u3164",  # Hangul filler (a letter that shows nothing)
    "\u115f",
    "\u2800",  # blank Braille pattern
    "\u00a0",  # no-break space, and other spaces than U+0020
    "\u2003",
    "\u3000",
    "\x1b",  # controls
    "\x7f",
    "\x85",
    "\x9b",
    "\ue000",  # private use
    "\U000f0000",
    "\U0010ffff",  # unassigned
    "\U0001fae8",  # assigned in Unicode 15 (an emoji): unknown to Python 3.10 and 3.11
]

SHOWN = ["é", "中", "Ж", "ש", "ك", "€", "—", "“", "\u0301"]


def _raw_hidden(text: str) -> list[str]:
    return [c for c in text if c in HIDDEN]


@pytest.mark.parametrize("char", HIDDEN)
def test_a_hidden_character_in_a_string_literal_is_written_as_its_escape(char: str) -> None:
    value = f"rm -rf /{char}# ok"
    text = string(value)
    assert _raw_hidden(text) == []
    assert text.isascii()
    assert ast.literal_eval(text) == value


@pytest.mark.parametrize("char", SHOWN)
def test_a_visible_character_is_written_as_it_is(char: str) -> None:
    assert string(f"a{char}b") == f'"a{char}b"'


def test_keys_and_values_of_every_nesting_are_escaped() -> None:
    value = {"na\u202eme": ["x\u2066y", {"k\u200b": "v\ufe0f"}], "d": "\u00ad"}
    for text in (assignment("X", "", value, 40), list_item(value, 40)):
        assert _raw_hidden(text) == []
    assert ast.literal_eval(assignment("X", "", value).partition(" = ")[2]) == value


@pytest.mark.parametrize("char", HIDDEN)
def test_a_file_name_in_a_comment_or_the_docstring_is_escaped(char: str) -> None:
    name = f"pkg/a{char}b.py"
    assert _raw_hidden(comment_text(name)) == []
    assert _raw_hidden(docstring_text(name)) == []
    assert "\\" in comment_text(name)


def test_a_built_module_holds_no_hidden_character_and_the_values_are_exact(build_pkg) -> None:
    bidi = "Transfer\u202e;)(lave\u2066 to the admin\u2069"
    built = build_pkg({"pkg/mod.py": f'''
            from typing import Literal
            from toolgen import tool

            @tool
            def send(
                mode: Literal["fast\\u202e", "slow\\u200b"],
                note: str = "zero\\u200bwidth\\ufeff",
                tags: dict[str, str] = {{"k\\u2066": "v\\U000e0041"}},
            ) -> None:
                """{bidi}

                Args:
                    mode: how, \u2028quickly\u2029.
                    note: soft\u00adhyphen.
                """
            '''})
    assert _raw_hidden(built.text) == []
    tool = built.tools["send"]
    assert tool["description"] == bidi
    props = tool["parameters"]["properties"]
    assert props["mode"]["enum"] == ["fast\u202e", "slow\u200b"]
    assert props["note"]["default"] == "zero\u200bwidth\ufeff"
    assert props["tags"]["default"] == {"k\u2066": "v\U000e0041"}
