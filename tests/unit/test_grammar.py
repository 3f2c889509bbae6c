"""The literal grammar is spelled once (``toolgen.grammar``): the emitter writes only its tokens,
the proof that the output is data accepts only them, and the diff's reader translates exactly
them to JSON (any other token it leaves to the slow, literals-only path)."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolgen import grammar
from toolgen.diff.load import Reader, _Untranslatable
from toolgen.emit.prove import UnsafeOutputError, ensure_data_only, prove_items
from toolgen.render.literal import list_item, scalar, string

CHUNK = 4096
EVERY_CHARACTER = [
    "".join(map(chr, range(start, min(start + CHUNK, 0x110000))))
    for start in range(0, 0x110000, CHUNK)
]
NUMBERS = [0, 1, -1, 10**30, -(10**30), 0.5, -0.5, 1e16, 1e-05, 1.5e300, -2.5e-300, 123456.789]


def test_every_character_the_emitter_writes_is_a_string_of_the_grammar() -> None:
    """All of Unicode (surrogates too), each character written as it is or as an escape the
    grammar lists; and the diff's reader reads each such literal back, on its fast path."""
    strings = re.compile(grammar.STRING)
    reader = Reader()
    for chunk in EVERY_CHARACTER:
        for text in (chunk, chunk + '"', chunk + "'" * 2):  # either quote chosen
            literal = string(text)
            assert strings.fullmatch(literal), literal[:40]
            assert json.loads(reader.line_json(literal)) == text


def test_the_emitters_numbers_and_keywords_are_the_grammars() -> None:
    number = re.compile(grammar.NUMBER)
    reader = Reader()
    for value in NUMBERS:
        assert number.fullmatch(scalar(value)), value
        assert json.loads(reader.line_json(scalar(value))) == value
    for value in (True, False, None):
        assert scalar(value) in grammar.KEYWORDS
        assert json.loads(reader.line_json(scalar(value))) is value


def test_the_grammars_escapes_are_those_python_reads_as_the_character() -> None:
    for char, escape in grammar.SHORT_ESCAPES.items():
        assert re.fullmatch(grammar.ESCAPE, escape) and eval(f'"{escape}"') == char
    for code in (0x1B, 0x7F, 0x85, 0x202E, 0xFEFF, 0xE0041, 0x10FFFF):
        escape = grammar.code_escape(code)
        assert re.fullmatch(grammar.ESCAPE, escape) and eval(f'"{escape}"') == chr(code)


OUTSIDE = [
    r'"\a"',  # an escape Python reads, not the emitter's
    r'"\0"',
    r'"\101"',
    r'"\N{BULLET}"',
    'r"x"',
    'b"x"',
    'f"{x}"',
    '"""x"""',
    "1_000",
    "0x10",
    "1j",
    ".5",
    "1.",
    "01",
    "inf",
    "...",
]


@pytest.mark.parametrize("token", OUTSIDE)
def test_a_token_outside_the_grammar_is_refused_by_the_proof_and_the_fast_reader(
    token: str,
) -> None:
    with pytest.raises(UnsafeOutputError):
        prove_items([f"    {token},".encode()])
    with pytest.raises(UnsafeOutputError, match="not data"):
        ensure_data_only(f'"""Doc."""\n\nX = [\n    {token},\n]\n')
    with pytest.raises((_Untranslatable, ValueError)):  # left to the literals-only path
        json.loads(Reader().line_json(token))


def test_an_item_of_every_token_is_proved() -> None:
    value = {"s": EVERY_CHARACTER[0] + EVERY_CHARACTER[8], "n": NUMBERS, "k": [True, None]}
    item = list_item(value, 100).encode()
    prove_items([item])
    ensure_data_only(b'"""Doc."""\n\nX = [\n' + item + b"\n]\n")


_CHAR_OR_ESCAPE = (
    r""""(?!"")(?:[^"\\\x00-\x1f\x7f]|""" + grammar.ESCAPE + r""")*\""""
    r"""|'(?!'')(?:[^'\\\x00-\x1f\x7f]|""" + grammar.ESCAPE + r""")*'"""
)
"""The grammar's strings as their definition says them: quoted, each character either written as
it is or one of the escapes."""


@settings(max_examples=400, deadline=None)
@given(st.text(st.sampled_from("\"'\\ax0fuUnrt9 é\x01\x7f"), max_size=24))
def test_the_string_pattern_reads_as_its_definition(text: str) -> None:
    """Every text starts with the same string token, and splits into the same strings, under
    the grammar's pattern (runs between escapes) as under ``(character | escape)*``."""
    written, defined = re.compile(grammar.STRING), re.compile(_CHAR_OR_ESCAPE)
    at_start = written.match(text)
    expected = defined.match(text)
    assert (at_start and at_start.group()) == (expected and expected.group())
    assert written.sub("s", text) == defined.sub("s", text)
    assert bool(written.fullmatch(text)) == bool(defined.fullmatch(text))
