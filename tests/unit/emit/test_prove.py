"""Each tool's list items are proved data one by one when they are made, and the module around
them with a stand-in in their place (``emit.prove.prove_items``, ``render.ITEM_STAND_IN``):
the composition is sound only if every proved item, like the stand-in, leads from inside a list
back to inside it, and anything else is refused."""

from __future__ import annotations

import pytest

from toolgen.emit.prove import UnsafeOutputError, ensure_data_only, prove_items
from toolgen.render import ITEM_STAND_IN, render_list
from toolgen.render.literal import list_item

GOOD = [
    list_item({"name": "a", "parameters": {"type": "object", "properties": {}}}),
    list_item({"name": "b" * 200, "enum": ["x", 'y"', "z\n"], "n": [1, 2.5, None, True]}),
    list_item("a string item"),
    ITEM_STAND_IN,
]
BAD = {
    "closes the list": "    0]\nimport os\nX = [",
    "code": "    __import__('os').system('id'),",
    "no trailing comma": "    0",
    "an open dict": "    {",
    "a name": "    os,",
    "a control character": '    "\x1b[2J",',
    "a call": "    print(),",
    "a comment that ends the line": "    0,  # ]\nimport os",
}


def _module(items: list[bytes]) -> bytes:
    constant = render_list("TOOLS", "list", items)
    return b'"""Doc."""\n\n' + constant.text + b"\n"


@pytest.mark.parametrize("item", GOOD)
def test_a_list_item_the_emitter_writes_is_proved(item: str | bytes) -> None:
    data = item.encode() if isinstance(item, str) else item
    prove_items([data])
    ensure_data_only(_module([data, data]))  # and the whole module agrees


@pytest.mark.parametrize("why", sorted(BAD))
def test_anything_else_is_refused(why: str) -> None:
    with pytest.raises(UnsafeOutputError, match="not an element of a list"):
        prove_items([BAD[why].encode()])


def test_the_stand_in_module_is_what_the_proof_reads() -> None:
    items = [GOOD[0].encode(), GOOD[1].encode()]
    constant = render_list("TOOLS", "list", items)
    assert constant.stand_in is not None
    stand_in = b"".join(constant.stand_in)
    assert stand_in.count(ITEM_STAND_IN) == len(items)
    ensure_data_only(b'"""Doc."""\n\n' + stand_in + b"\n")


@pytest.mark.parametrize(
    "line",
    ['"name": "ping",', '    "name": "ping",', '"a": {"b": "c"},', "[1, 2],", "0,", '"x": 1'],
)
def test_a_value_line_between_constants_is_refused_after_the_same_form_was_read_in_a_value(
    line: str,
) -> None:
    """Lines of one form share what they do inside a value; between two constants such a line
    is code, not data, whichever lines of its form were read before it."""
    head = '"""Doc."""\n\nNAMES: dict[str, str] = {\n'
    inside = head + '    "first": "one",\n    "name": "ping",\n    "a": {"b": "c"},\n'
    inside += '    "l": [1, 2],\n    "n": 0,\n    "x": 1,\n}\n'
    ensure_data_only(inside)
    with pytest.raises(UnsafeOutputError, match="not a constant"):
        ensure_data_only(inside + line + "\n")


def test_each_statement_between_constants_is_read_for_itself() -> None:
    """Comments and constants' first lines have no form of a value's: each is read as itself,
    so a constant of code after a comment and a constant of data is refused."""
    data = '"""Doc."""\n\n# a comment\nX = 1\n# another\nY = [1, 2]\n'
    ensure_data_only(data)
    with pytest.raises(UnsafeOutputError, match="not data"):
        ensure_data_only(data + '# the last\nZ = __import__("os")\n')


CONSTANT = b'NAMES: dict[str, str] = {\n    "a": "b",\n    "c": {"d": [1, None]},\n}'
NOT_ONE_CONSTANT = {
    "two statements": b'X = {\n    "a": "b",\n}\nY = {\n}',
    "not closed": b'X = {\n    "a": "b",\n',
    "ended early, then a statement": b'X = {\n    "a": 1,\n    }\nY = 1',
    "ended early, then a closer": b'X = {\n    "a": 1,\n    }\n    \n}',
    "code in it": b'X = {\n    "a": __import__("os"),\n}',
    "a closer for another bracket": b'X = {\n    "a": 1,\n]',
}


def test_a_constant_proved_alone_stands_in_for_itself_in_its_module() -> None:
    from toolgen.emit.prove import prove_constant

    stand_in = prove_constant(CONSTANT)
    assert stand_in == b"NAMES: dict[str, str] = {\n}"
    head = b'"""Doc."""\n\nfrom typing import Any\n\n'
    ensure_data_only(head + stand_in + b"\n")
    ensure_data_only(head + CONSTANT + b"\n")  # the module with the constant agrees
    assert prove_constant(b"X: dict[str, str] = {}") is None  # one line: read whole


@pytest.mark.parametrize("why", sorted(NOT_ONE_CONSTANT))
def test_a_constant_that_is_not_one_constant_of_data_is_refused(why: str) -> None:
    from toolgen.emit.prove import prove_constant

    with pytest.raises(UnsafeOutputError, match="a constant toolgen made is not data"):
        prove_constant(NOT_ONE_CONSTANT[why])
