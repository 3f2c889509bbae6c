"""The scan reads every docstring and string literal as Python does (``ast.get_docstring``,
cleaned; a default's value), whichever way it is spelled: quotes, prefixes, escapes, line breaks,
concatenation."""

from __future__ import annotations

import ast
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolgen.scan.gather import gather_text
from toolgen.scan.model import Lit

SPELLINGS = [
    '"""Plain text."""',
    "'''Single-quoted triple.'''",
    '"One line."',
    "'One line, single quotes.'",
    '""',
    '""""""',
    '"""\n    Summary.\n\n    Args:\n        city: the city.\n    """',
    '"""Tabs\tand\x0cform feeds, é and 東京."""',
    '"""She said "hi" and \'bye\'."""',
    '"""An escaped \\t tab and \\n newline."""',
    '"""A \\"quote\\" and a backslash \\\\."""',
    '"""\\N{BULLET} named, \\u00e9 coded, \\x41 hex."""',
    '"""A continued \\\n line."""',
    'r"""Raw \\d+ text."""',
    'u"""A u prefix."""',
    'R"Raw, one line \\n."',
    '"Concatenated " "text."',
    '"""Tri""" \'ple\'',
    'b"""Bytes are no docstring."""',
    'f"""An f-string is no docstring."""',
    '"A " f"joined f-string"',
    "42",
]


def _module(doc: str, newline: str = "\n") -> str:
    return newline.join(
        [
            f"def tool(x: int, label=({doc})) -> int:",
            f"    {doc}",
            "    return x",
            "",
            "class Box:",
            f"    {doc}",
            "",
            "    def _run(self, y: str) -> str:",
            f"        {doc}",
            "        return y",
            "",
        ]
    )


def _read(text: str) -> list[object]:
    scan = gather_text(text, "m.py", "m")
    assert not [d for d in scan.diagnostics if d.severity == "error"], scan.diagnostics
    (function,) = scan.functions
    (box,) = scan.classes
    (method,) = box.functions
    default = function.params[1].default
    value = default.value if isinstance(default, Lit) and isinstance(default.value, str) else None
    return [function.docstring, box.docstring, method.docstring, value]


def _python(text: str) -> list[object]:
    with warnings.catch_warnings():  # "\d" in a random text: Python warns, reads it as is
        warnings.simplefilter("ignore", DeprecationWarning)
        tree = ast.parse(text)
    function, box = tree.body
    assert isinstance(function, ast.FunctionDef) and isinstance(box, ast.ClassDef)
    method = box.body[-1]
    assert isinstance(method, ast.FunctionDef)
    docs: list[object] = [ast.get_docstring(node, clean=True) for node in (function, box, method)]
    default = function.args.defaults[0]
    value = default.value if isinstance(default, ast.Constant) else None
    return [*docs, value if isinstance(value, str) else None]


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
@pytest.mark.parametrize("doc", SPELLINGS)
def test_each_spelling_is_read_as_python_reads_it(doc: str, newline: str) -> None:
    text = _module(doc, newline)
    assert _read(text) == _python(text)


@settings(max_examples=150, deadline=None)
@given(
    st.text(st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00"), max_size=40),
    st.sampled_from(['"""', "'''", '"', "'"]),
)
def test_any_text_is_read_as_python_reads_it(body: str, quote: str) -> None:
    doc = f"{quote}{body}{quote}"
    text = _module(doc)
    try:
        _python(text)
    except (SyntaxError, ValueError):  # not a string literal Python accepts: nothing to compare
        return
    assert _read(text) == _python(text)
