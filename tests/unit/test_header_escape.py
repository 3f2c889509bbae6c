"""Outside text in the generated module's docstring: visible escapes, one line, and a value
every supported Python compiles."""

from __future__ import annotations

import ast

import pytest

from toolgen.render.escape import docstring_text


@pytest.mark.parametrize(
    "name", ["plain.py", "a\udcffb.py", 'quote"s\\.py', "line\u2028break.py", "tab\there.py"]
)
def test_a_name_in_the_docstring_reads_as_it_is_and_holds_no_surrogate(name: str) -> None:
    source = f'"""Sources: {docstring_text(name)}."""\n'
    tree = ast.parse(source)
    value = ast.get_docstring(tree, clean=False)
    assert value is not None and "\n" not in value
    # Python 3.13.0 cleans a docstring by way of UTF-8 when it compiles it: a lone surrogate
    # in the value made the module fail to import there.
    assert not any(0xD800 <= ord(c) <= 0xDFFF for c in value)
    value.encode("utf-8")
    if "\udcff" in name:
        assert "\\udcff" in value  # the visible escape, six characters
    else:
        assert value == f"Sources: {name}."  # the value is the text itself
