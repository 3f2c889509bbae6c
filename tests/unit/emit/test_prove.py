"""Each tool's list items and name-map entries are proved data one by one when they are made,
and the module around them with a stand-in in their place (``emit.prove.prove_items``,
``prove_entries``, ``render.ITEM_STAND_IN``, ``ENTRY_STAND_IN``): the composition is sound only
if every proved item (entry), like the stand-in, leads from inside a list (dict) back to inside
it, and anything else is refused."""

from __future__ import annotations

import pytest

from toolgen.emit.prove import UnsafeOutputError, ensure_data_only, prove_entries, prove_items
from toolgen.render import ENTRY_STAND_IN, ITEM_STAND_IN, render_dict, render_list
from toolgen.render.literal import dict_entry, list_item

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
    assert stand_in.count(ITEM_STAND_IN) == 1  # one for any number of proved items
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


ENTRIES_GOOD = [
    dict_entry("ping", "sha256:" + "0" * 64),
    dict_entry("search", {"tool": "search", "function": "app.tools:search", "omit_nulls": ["a"]}),
    dict_entry("b" * 200, ["x", 'y"', "z\n", 1, 2.5, None, True]),
    ENTRY_STAND_IN,
]
ENTRIES_BAD = {
    "closes the dict": '    "a": 0}\nimport os\nX = {',
    "code": '    "a": __import__("os"),',
    "no trailing comma": '    "a": 0',
    "no value": '    "a",',
    "a name for a key": "    os: 0,",
    "a list item": "    0,",
    "a control character": '    "a": "\x1b[2J",',
    "a comment that ends the line": '    "a": 0,  # }\nimport os',
}


def _dict_module(entries: list[bytes]) -> bytes:
    constant = render_dict("NAMES", "dict[str, Any]", entries)
    return b'"""Doc."""\n\nfrom typing import Any\n\n' + constant.text + b"\n"


@pytest.mark.parametrize("entry", ENTRIES_GOOD)
def test_a_dict_entry_the_emitter_writes_is_proved(entry: str | bytes) -> None:
    data = entry.encode() if isinstance(entry, str) else entry
    prove_entries([data])
    ensure_data_only(_dict_module([data, data]))  # and the whole module agrees


@pytest.mark.parametrize("why", sorted(ENTRIES_BAD))
def test_anything_but_an_entry_is_refused(why: str) -> None:
    with pytest.raises(UnsafeOutputError, match="not an entry of a dict"):
        prove_entries([ENTRIES_BAD[why].encode()])


def test_the_dict_stand_in_is_what_the_proof_reads() -> None:
    entries = [e.encode() if isinstance(e, str) else e for e in ENTRIES_GOOD[:3]]
    constant = render_dict("NAMES", "dict[str, Any]", entries)
    assert constant.stand_in is not None
    stand_in = b"".join(constant.stand_in)
    assert stand_in.count(ENTRY_STAND_IN) == 1  # one for any number of proved entries
    ensure_data_only(b'"""Doc."""\n\nfrom typing import Any\n\n' + stand_in + b"\n")


@pytest.mark.parametrize(
    "line",
    [
        dict_entry("ping", "sha256:" + "0" * 64),
        dict_entry("a\u4e2d'\"", 'b\\"\n\u202e'),
        '"no indent": "still one entry",',
        '    "a": "b",',
    ],
)
def test_a_pair_line_is_what_the_automaton_reads_as_one_entry_of_a_dict(line: str) -> None:
    """Entries of two strings skip the automaton (``pushdown.is_pair``): it must read each
    such line as one entry, from inside a dict back to inside it."""
    from toolgen.emit.prove import _IN_DICT
    from toolgen.emit.pushdown import Automaton, is_pair

    data = line.encode()
    assert is_pair(data)
    assert Automaton(frozenset()).run([data], _IN_DICT) == _IN_DICT


@pytest.mark.parametrize(
    "line", ['    "a": "b"', '    "a": "b",  # c', '    "a": "b"],', '    "a", "b",', '    "a": b,']
)
def test_a_line_that_is_not_one_pair_is_read_by_the_automaton(line: str) -> None:
    from toolgen.emit.pushdown import is_pair

    assert not is_pair(line.encode())
