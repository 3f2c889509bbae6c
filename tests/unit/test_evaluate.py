"""The static evaluator, row by row: what folds to which value, what does not and why.

Each row is a module ``app.consts`` (shared by every row), plus an expression written in
``app.tools``; the evaluator must give the value, or refuse with a reason containing the text."""

from __future__ import annotations

import textwrap
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolgen.scan.evaluate import Evaluator
from toolgen.scan.gather import gather_text, parse_annotation
from toolgen.scan.resolve import Resolver

CONSTS = textwrap.dedent("""
    import os
    from enum import Enum, IntEnum, StrEnum, auto
    from typing import Final

    from pydantic import Field

    MAX_ROWS: Final = 500
    REGION = "eu-west-1"
    PREFIX = "app_"
    HELP = {"describe": "Describe a step.", "run": "Run a step."}
    UNITS = ("c", "f")
    NAMES = ["a", "b"]
    RATIO = 0.5
    HUGE = 1e999
    FROM_ENV = os.environ.get("X", "y")
    LOOP_A = LOOP_B
    LOOP_B = LOOP_A
    REGION_FIELD = Field(None, description="Region.")
    WIDE = "%2000d"

    class Color(Enum):
        RED = "r"
        GREEN = PREFIX + "g"

    class Level(IntEnum):
        LOW = auto()
        HIGH = auto()

    class Mode(StrEnum):
        FAST = auto()

    class Limits:
        MAX = MAX_ROWS * 2
    """)
TOOLS = "from .consts import *\nfrom . import consts\nfrom .consts import REGION as R\n"


@pytest.fixture(scope="module")
def evaluator() -> Evaluator:
    scans = [
        gather_text(CONSTS, "app/consts.py", "app.consts"),
        gather_text(TOOLS, "app/tools.py", "app.tools"),
    ]
    return Evaluator(Resolver(scans))


FOLDS: list[tuple[str, Any]] = [
    ('"plain"', "plain"),
    ("42", 42),
    ("-3", -3),
    ("-MAX_ROWS", -500),
    ("not MAX_ROWS", False),
    ("[1, 'a', None, True]", [1, "a", None, True]),
    ("{'k': [1, 2]}", {"k": [1, 2]}),
    ("MAX_ROWS", 500),
    ("consts.MAX_ROWS", 500),
    ("R", "eu-west-1"),
    ("PREFIX + 'search'", "app_search"),
    ("'a' 'b'", "ab"),
    ("MAX_ROWS // 5", 100),
    ("MAX_ROWS - 1", 499),
    ("MAX_ROWS / 4", 125.0),
    ("MAX_ROWS * RATIO", 250.0),
    ("NAMES + ['c']", ["a", "b", "c"]),
    ("'-' * 3", "---"),
    ("f'At most {MAX_ROWS} rows in {REGION!r}.'", "At most 500 rows in 'eu-west-1'."),
    ("f'{RATIO:.2f} {{literal}}'", "0.50 {literal}"),
    ("'%s rows' % MAX_ROWS", "500 rows"),
    ("'%s-%s' % (PREFIX, REGION)", "app_-eu-west-1"),
    ("'{} rows, {unit}'.format(MAX_ROWS, unit='c')", "500 rows, c"),
    ("', '.join(NAMES)", "a, b"),
    ("REGION.upper()", "EU-WEST-1"),
    ("str(MAX_ROWS)", "500"),
    ("HELP['describe']", "Describe a step."),
    ("UNITS[-1]", "f"),
    ("Color.RED", "r"),
    ("Color.GREEN", "app_g"),
    ("Color.GREEN.value", "app_g"),
    ("Color.RED.name", "RED"),
    ("Level.HIGH", 2),
    ("Mode.FAST", "fast"),
    ("Limits.MAX", 1000),
    ("list()", []),
    ("dict()", {}),
]

REFUSALS: list[tuple[str, str]] = [
    ("FROM_ENV", "calls os.environ.get()"),
    ("LOOP_A", "defined in terms of itself"),
    ("HUGE", "not a finite number"),
    ("RATIO * 1e308 * 10", "not a finite number"),
    ("UNDEFINED_NAME", "not defined in the scanned files"),
    ("os.sep", "outside the scanned files"),
    ("Color", "not a constant"),
    ("HELP['missing']", "has no item 'missing'"),
    ("'x' * 1000000000", "larger than 100,000"),
    ("MAX_ROWS * 1" + "0" * 100, "too large"),
    ("MAX_ROWS ** 2", "cannot be evaluated without running it"),
    ("'{0.__class__}'.format(REGION)", "reaches into an attribute"),
    ("'{0[0]}'.format(NAMES)", "reaches into an attribute or item"),
    ("'{:2000}'.format(REGION)", "width of 1000 or more"),
    ("WIDE % 1", "width of 1000 or more"),
    ("f'{Color.RED}'", "Enum member"),
    ("'a' if MAX_ROWS else 'b'", "cannot be evaluated without running it"),
    ("REGION_FIELD", "calls Field()"),
    ("{1: 'a'}", "is not a string"),
    ("list[int]", "'list' is defined outside the scanned files"),
    ("int | None", "a type, not a value"),
    ("os.environ['X']", "'os.environ' is defined outside the scanned files"),
    ("...", "'...' is not a value"),
]


@pytest.mark.parametrize(("code", "value"), FOLDS)
def test_folds(evaluator: Evaluator, code: str, value: Any) -> None:
    folded = evaluator.fold(parse_annotation(code), "app.tools")
    assert folded.ok, folded.why
    assert folded.value == value and type(folded.value) is type(value)


@pytest.mark.parametrize(("code", "why"), REFUSALS)
def test_refuses_with_its_reason(evaluator: Evaluator, code: str, why: str) -> None:
    folded = evaluator.fold(parse_annotation(code), "app.tools")
    assert not folded.ok and folded.value is None
    assert folded.why is not None and why in folded.why, folded.why


def test_a_long_chain_ends_with_a_reason_not_a_crash() -> None:
    chain = "\n".join(["C0 = 'end'", *(f"C{i} = C{i - 1}" for i in range(1, 400))])
    scans = [gather_text(chain, "m.py", "m")]
    folded = Evaluator(Resolver(scans)).fold(parse_annotation("C399"), "m")
    assert not folded.ok and "chain of more than" in (folded.why or "")
    short = Evaluator(Resolver(scans)).fold(parse_annotation("C40"), "m")
    assert short.value == "end"


def test_deref_follows_constants_to_the_field_call_and_its_module(evaluator: Evaluator) -> None:
    expr, module = evaluator.deref(parse_annotation("REGION_FIELD"), "app.tools")
    assert module == "app.consts"
    assert type(expr).__name__ == "Call"


def test_what_does_not_fold_is_a_warning_and_an_error_only_with_strict(
    build_pkg, build_errors
) -> None:
    source = {
        "pkg/consts.py": "import os\nLIMIT = 20\nREGION = os.environ.get('R', 'eu')\n",
        "pkg/tools.py": (
            "from toolgen import tool\nfrom .consts import LIMIT, REGION\n\n"
            "@tool(description=f'At most {LIMIT} rows.')\n"
            "def rows(limit: int = LIMIT, region: str = REGION) -> None: ...\n"
        ),
    }
    built = build_pkg(source)
    tool = built.tools["rows"]
    assert tool["description"] == "At most 20 rows."
    assert built.prop("rows", "limit") == {"type": "integer", "default": 20}
    assert built.prop("rows", "region") == {"type": "string"}
    assert any(
        "parameter 'region': the default cannot be read without running the code "
        "(calls os.environ.get()); no default is emitted" in d
        for d in built.diagnostics
    )
    errors = build_errors(source, strict=True)
    assert any(e.startswith("pkg/tools.py:5:") and "error: tool 'rows'" in e for e in errors)


_ATOMS = [
    "1",
    "-2",
    "0.5",
    "1e308",
    "'a'",
    "'%s'",
    "'{}'",
    "'{0}{x}'",
    "MAX_ROWS",
    "NAMES",
    "HELP",
    "Color.RED",
    "LOOP_A",
    "None",
    "True",
    "()",
    "[]",
    "FROM_ENV",
    "UNITS",
]
_OPS = ["+", "-", "*", "/", "//", "%"]


@st.composite
def _expressions(draw: st.DrawFn, depth: int = 0) -> str:
    if depth > 3 or draw(st.booleans()):
        return draw(st.sampled_from(_ATOMS))
    kind = draw(st.sampled_from(["op", "f", "call", "item", "neg"]))
    left = draw(_expressions(depth + 1))
    if kind == "op":
        return f"({left} {draw(st.sampled_from(_OPS))} {draw(_expressions(depth + 1))})"
    if kind == "f":
        spec = draw(st.sampled_from(["", "!r", ":>5", ":.2f", ":{MAX_ROWS}"]))
        return f"f'<{{{left}{spec}}}>'"
    if kind == "call":
        return f"{draw(st.sampled_from(['REGION', repr('-')]))}.{draw(st.sampled_from(['format', 'join', 'upper']))}({left})"
    if kind == "item":
        return f"{left}[{draw(st.sampled_from(['0', '-1', repr('run')]))}]"
    return f"-{left}"


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(code=_expressions())
def test_folding_never_raises_and_gives_json_data(evaluator: Evaluator, code: str) -> None:
    """Whatever the expression, the evaluator answers with a value JSON can hold, or a reason."""
    import json

    folded = evaluator.fold(parse_annotation(code), "app.tools")
    if folded.ok:
        json.dumps(folded.value, allow_nan=False)
    else:
        assert folded.why
