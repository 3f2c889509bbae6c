"""What a hostile or broken model can send: every such call ends as an ``ArgumentError`` whose
text stays short (or, for a tool call of another provider's shape given to ``handle``, the
documented ``TypeError``), never a traceback from inside the run-time."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.runtime.conftest import Build
from toolgen.runtime import ArgumentError, Toolbox

TOOLS = {
    "probe/__init__.py": "",
    "probe/tools.py": """
        from typing import Literal

        from toolgen import tool


        @tool
        def forecast(city: str, days: int = 3, units: Literal["metric", "imperial"] = "metric") -> str:
            \"\"\"Forecast.\"\"\"
            return f"{city} {days} {units}"
    """,
}
SHORT = 2_000
"""The most a refusal's text may hold, whatever came: it goes back into the model's context."""
DEEP = 100_000


@pytest.fixture(params=["openai", "anthropic"])
def box(build: Build, request: pytest.FixtureRequest) -> Toolbox:
    return Toolbox(build(TOOLS), provider=request.param)


def _refused(box: Toolbox, name: str, arguments: Any) -> ArgumentError:
    with pytest.raises(ArgumentError) as caught:
        box.decode(name, arguments)
    assert len(str(caught.value)) <= SHORT, len(str(caught.value))
    assert "Traceback" not in str(caught.value)
    return caught.value


@pytest.mark.parametrize(
    "text",
    ["[" * DEEP + "]" * DEEP, '{"a":' * DEEP + "1" + "}" * DEEP, '{"city": ' + "[" * DEEP],
    ids=["array", "object", "unclosed"],
)
def test_json_text_nested_100000_deep_is_refused(box: Toolbox, text: str) -> None:
    """Before: json.loads' RecursionError."""
    err = _refused(box, "forecast", text)
    assert err.errors[0]["path"] == ""


def test_a_value_nested_100000_deep_given_as_a_dict_is_refused(box: Toolbox) -> None:
    """Before: a RecursionError from quoting the value in the message."""
    value: Any = 1
    for _ in range(DEEP):
        value = [value]
    err = _refused(box, "forecast", {"city": value})
    assert err.errors[0]["path"] == "/city"


@pytest.mark.parametrize("digits", [5_000, 1_000_000])
def test_an_integer_of_thousands_of_digits_is_refused(box: Toolbox, digits: int) -> None:
    """Before: the ValueError of Python's limit on integer digits."""
    _refused(box, "forecast", '{"city": "Oslo", "days": 1' + "0" * digits + "}")


@pytest.mark.parametrize("number", ["1e400", "-1e400", "NaN", "Infinity"])
def test_numbers_json_cannot_mean_are_refused_at_their_place(box: Toolbox, number: str) -> None:
    err = _refused(box, "forecast", '{"city": "Oslo", "days": ' + number + "}")
    assert [e["path"] for e in err.errors] == ["/days"]


def test_minus_zero_is_zero(box: Toolbox) -> None:
    for zero in ("-0", "-0.0"):
        assert box.decode("forecast", '{"city": "Oslo", "days": ' + zero + "}")[1]["days"] == 0


def test_a_duplicate_key_is_read_as_json_reads_it_the_last_wins(box: Toolbox) -> None:
    assert box.decode("forecast", '{"city": 3, "city": "Oslo"}')[1]["city"] == "Oslo"
    assert _refused(box, "forecast", '{"city": "Oslo", "city": 3}').errors[0]["path"] == "/city"


def test_non_string_keys_of_a_dict_given_directly_are_no_field(box: Toolbox) -> None:
    """Refused where the schema closes the object (strict mode), else dropped, as any field
    the function has no parameter for."""
    arguments = {"city": "Oslo", 1: "x", (1, 2): "y"}
    if box.provider == "openai":
        assert _refused(box, "forecast", arguments).errors
    else:
        assert box.decode("forecast", arguments)[1] == {
            "city": "Oslo",
            "days": 3,
            "units": "metric",
        }


def test_huge_strings_keys_and_names_are_cut_in_the_text(box: Toolbox) -> None:
    """Before: a 1 MB key, or a 17 kB tool name, was quoted whole in the text."""
    huge = "x" * 10_000_000
    err = _refused(box, "forecast", json.dumps({"city": 5, "days": huge}))
    assert {e["path"] for e in err.errors} == {"/city", "/days"}
    if box.provider == "openai":  # elsewhere, fields the function does not take are dropped
        _refused(box, "forecast", json.dumps({"city": "Oslo", "k" * 1_000_000: 1, huge: 2}))
    _refused(box, "forecast", {"city": {huge: huge, "k" * 1_000_000: [huge]}})
    err = _refused(box, "../../os:system\x00\n" * 1000, {})
    assert "\x00" not in str(err) and "forecast" in str(err)


def test_thousands_of_problems_are_listed_up_to_a_few(box: Toolbox) -> None:
    """Under strict mode every unknown field is an error: the text lists a few, and counts."""
    arguments = {"city": "Oslo", **{f"field{i}": i for i in range(10_000)}}
    if box.provider != "openai":
        arguments = {"city": [i for i in range(10_000)], "days": "x", "units": 1}
    err = _refused(box, "forecast", arguments)
    assert err.errors


@pytest.mark.parametrize("arguments", ["[1, 2]", '"text"', "null", "5", [1, 2], 5, True])
def test_arguments_of_the_wrong_json_type_are_refused(box: Toolbox, arguments: Any) -> None:
    err = _refused(box, "forecast", arguments)
    assert err.errors[0]["path"] == "" and "expected an object of arguments" in str(err)


@pytest.mark.parametrize("name", ["", "x" * 100_000, "os:system", "forecast\n", 3, None])
def test_wire_names_that_are_no_tool_are_refused(box: Toolbox, name: Any) -> None:
    assert "there is no such tool" in str(_refused(box, name, {}))


def test_the_toolbox_calls_only_what_the_module_names(build: Build) -> None:
    """A module whose TOOL_CALLS point at "os:system" is not a module toolgen wrote: the
    generated module is trusted code, checked in; the Toolbox imports what it names, and a
    model's call can only choose among its wire names (documented in docs/runtime.md)."""
    module = build(TOOLS)
    box = Toolbox(module, provider="openai")
    assert box.names() == ["forecast"]
    _refused(box, "os:system", {"command": "true"})


@pytest.mark.parametrize(
    "call",
    [
        {"type": "tool_use", "id": "t1", "name": "forecast", "input": {}},
        {"function": "forecast"},
        42,
        None,
    ],
    ids=["anthropic-shaped", "function-not-an-object", "int", "none"],
)
def test_a_tool_call_of_another_shape_is_a_type_error_saying_what_was_expected(
    build: Build, call: Any
) -> None:
    """A program error, not the model's: the documented TypeError, naming the shape wanted."""
    box = Toolbox(build(TOOLS), provider="openai")
    with pytest.raises(TypeError, match="an openai tool call must be a tool_calls item"):
        box.handle(call)


def test_handle_answers_hostile_arguments_with_the_error_result(build: Build) -> None:
    box = Toolbox(build(TOOLS), provider="openai")
    deep = "[" * DEEP + "]" * DEEP
    for arguments in (deep, "[]", "1" + "0" * 10_000, "x" * 1_000_000):
        message = box.handle({"id": "c1", "function": {"name": "forecast", "arguments": arguments}})
        assert message["role"] == "tool" and len(message["content"]) <= SHORT
