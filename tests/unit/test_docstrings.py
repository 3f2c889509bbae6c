"""Each docstring style, detection, multi-line joining, CJK, and precedence over docstrings."""

from __future__ import annotations

import inspect

import pytest

from toolgen.docstrings import detect, parse

GOOGLE = inspect.cleandoc("""
    Summary line.

    A longer description
    over two lines.

    Args:
        city (str): The city,
            for example Paris.
        unit: Unit.
        *args: Extra positional.

    Keyword Args:
        verbose: Be loud.

    Returns:
        str: The answer.

    Raises:
        ValueError: never.
""")

NUMPY = inspect.cleandoc("""
    Summary line.

    Parameters
    ----------
    city : str
        The city,
        for example Paris.
    a, b : int
        Two numbers.
    flag

    Returns
    -------
    str
""")

REST = inspect.cleandoc("""
    Summary line.

    :param city: The city,
        for example Paris.
    :type city: str
    :param int count: How many.
    :returns: The answer.
""")


def test_google() -> None:
    doc = parse(GOOGLE)
    assert doc.style == "google"
    assert doc.summary == "Summary line."
    assert doc.long_description == "A longer description over two lines."
    assert {k: v.description for k, v in doc.params.items()} == {
        "city": "The city, for example Paris.",
        "unit": "Unit.",
        "args": "Extra positional.",
        "verbose": "Be loud.",
    }
    assert doc.params["city"].line == 6


def test_numpy() -> None:
    doc = parse(NUMPY)
    assert doc.style == "numpy"
    assert doc.summary == "Summary line."
    assert {k: v.description for k, v in doc.params.items()} == {
        "city": "The city, for example Paris.",
        "a": "Two numbers.",
        "b": "Two numbers.",
        "flag": "",
    }


def test_rest() -> None:
    doc = parse(REST)
    assert doc.style == "rest"
    assert doc.summary == "Summary line."
    assert {k: v.description for k, v in doc.params.items()} == {
        "city": "The city, for example Paris.",
        "count": "How many.",
    }


def test_detection_is_per_docstring() -> None:
    assert detect(GOOGLE) == "google" and detect(NUMPY) == "numpy" and detect(REST) == "rest"
    assert detect("Just a line.") == "google"


def test_sections_never_leak_into_the_summary() -> None:
    for text in (GOOGLE, NUMPY, REST):
        doc = parse(text)
        assert "Args" not in doc.summary + doc.long_description
        assert "----" not in doc.summary + doc.long_description
        assert ":param" not in doc.summary + doc.long_description


def test_multiline_summary_and_cjk_text() -> None:
    doc = parse(inspect.cleandoc("""
        查询某个城市的
        天气预报。

        Args:
            city: 城市名称，
                例如北京。
            days: Number of
                days ahead.
    """))
    assert doc.summary == "查询某个城市的天气预报。"
    assert doc.params["city"].description == "城市名称，例如北京。"
    assert doc.params["days"].description == "Number of days ahead."


def test_empty_and_missing() -> None:
    assert parse(None).summary == "" and parse("").params == {}
    assert parse("   ").summary == ""


def test_precedence_decorator_param_field_over_docstring(build_pkg) -> None:
    built = build_pkg({"pkg/mod.py": '''
from typing import Annotated
from pydantic import Field
from toolgen import tool, Param

@tool(description="From the decorator.")
def f(a: Annotated[int, Param(desc="From Param")], b: Annotated[int, Field(description="From Field")],
      c: int = Field(1, description="From default Field"), d: int = 0) -> None:
    """From the docstring.

    Args:
        a: doc a
        b: doc b
        c: doc c
        d: doc d
    """
'''})
    tool = built.tools["f"]
    assert tool["description"] == "From the decorator."
    props = tool["parameters"]["properties"]
    assert [props[k]["description"] for k in "abcd"] == [
        "From Param",
        "From Field",
        "From default Field",
        "doc d",
    ]


def test_long_description_by_configuration(build_pkg) -> None:
    source = {
        "pkg/mod.py": 'from toolgen import tool\n@tool\ndef f() -> None:\n    """Short.\n\n    Longer text.\n    """\n'
    }
    assert build_pkg(source).tools["f"]["description"] == "Short."
    assert (
        build_pkg(source, long_description=True).tools["f"]["description"]
        == "Short.\n\nLonger text."
    )


@pytest.mark.parametrize(
    ("text", "returns", "returns_type"),
    [
        (
            "Do it.\n\nArgs:\n    x: A value.\n\nReturns:\n    The new key,\n    as text.\n",
            "The new key, as text.",
            "",
        ),
        (
            "Do it.\n\nReturns\n-------\nlist of (t, v)\n    The samples.\n",
            "The samples.",
            "list of (t, v)",
        ),
        ("Do it.\n\n:param x: A value.\n:returns: The key.\n:rtype: str\n", "The key.", "str"),
        ("Do it.\n\nArgs:\n    x: A value.\n", "", ""),
    ],
)
def test_the_returns_section_in_every_style(text: str, returns: str, returns_type: str) -> None:
    doc = parse(text)
    assert (doc.summary, doc.returns, doc.returns_type) == ("Do it.", returns, returns_type)


@pytest.mark.parametrize(
    "text",
    [
        "Measure.\n\nArgs:\n    épaisseur: In millimetres.\n    日付: The day.\n",
        "Measure.\n\nParameters\n----------\népaisseur : float\n    In millimetres.\n"
        "日付 : str\n    The day.\n",
        "Measure.\n\n:param épaisseur: In millimetres.\n:param 日付: The day.\n",
    ],
    ids=["google", "numpy", "rest"],
)
def test_a_parameter_named_with_a_non_ascii_letter_is_documented(text: str) -> None:
    params = parse(text).params
    assert params["épaisseur"].description == "In millimetres."
    assert params["日付"].description == "The day."
