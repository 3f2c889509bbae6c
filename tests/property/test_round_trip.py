"""The rule of the round trip: every call a provider's constant admits either reaches the
function as its declared types, or is refused with an ArgumentError naming where, and refused
only where the IR itself rejects it.

For every golden case that builds, each tool and each provider's constant: arguments are
generated from that constant's schema (``tests/property/schemas.py``, each checked
to be admitted by it with ``jsonschema``), decoded by ``Toolbox``, and
then either checked against the function's real signature (each value validated by pydantic,
strictly, against its annotation) or, when refused, checked to be rejected by ``jsonschema``
against the IR once the nulls the provider made mean "omitted" are taken out, by an oracle of
this test's own (a null at an optional property whose IR schema does not admit null).

Each case runs as configured and again with ``share_defs = "auto"`` (the other way for a case
that sets it), for every tool whose constant or call rules that changes: shared definitions
must not change what a constant admits or how its calls are undone.
"""

from __future__ import annotations

import copy
import functools
import importlib
import os
import sys
import typing
import warnings
from collections.abc import Callable
from typing import Any

import pydantic
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.conftest import REPO
from tests.property.oracle import admits, admitter, as_json_schema, ir_refuses
from tests.property.schemas import values
from toolgen import api
from toolgen.config import Config, Target
from toolgen.runtime import ArgumentError, Toolbox
from toolgen.runtime.toolbox import PROVIDERS

CASES = REPO / "tests" / "cases"
EXAMPLES = settings(
    max_examples=12,
    deadline=None,
    derandomize=bool(os.environ.get("CI")),
    suppress_health_check=list(HealthCheck),
)
UNREADABLE = {("kitchen_sink", "place_order"), ("cross_module", "open_ticket")}
"""Tools whose signature pydantic cannot build at run time (a name imported only under
``TYPE_CHECKING``: ``Money.amount: Decimal``, ``ticket: Ticket``): decode falls back to the
IR, with a warning, and passes JSON values; the test checks exactly that for them."""
OUTSIDE = {
    ("warnings", "analyse"): "np.ndarray, a plain class and an unresolved name: strings (warned)",
    ("warnings", "undocumented"): "its module imports numpy, which the suite does not install",
    ("unknown_type", "count_orders"): "sqlite3.Connection: a string (warned)",
}
NOT_RUNNABLE = {
    "evaluation": "its code cannot run: a constant defined in terms of itself, on purpose",
    "owners_mixed": "its agent is pydantic-ai's, which the suite does not install",
}
"""Cases whose input is written to be read statically only: importing it raises."""
RAISES: dict[str, type[Exception]] = {"evaluation": NameError, "owners_mixed": ImportError}
"""What importing each of them raises."""
"""Tools outside the rule by design: the build warned that the IR does not say their types."""


def _args(case: str) -> list[str]:
    extra = CASES / case / "args.txt"
    return extra.read_text().split() if extra.exists() else []


def _configured_share(case: str) -> str:
    args = _args(case)
    return args[args.index("--share-defs") + 1] if "--share-defs" in args else "off"


@functools.cache
def _module(case: str, share: str | None = None) -> dict[str, Any]:
    """The case's constants, built with its ``input`` folder as the source root (where its
    code's own imports start), every file of a per-provider layout merged; ``share``:
    ``share_defs``, if not the case's own."""
    root = CASES / case / "input"
    paths = tuple(sorted(p for p in root.iterdir() if p.is_dir() or p.suffix == ".py"))
    args = _args(case)
    layout = args[args.index("--layout") + 1] if "--layout" in args else "single"
    target = Target(
        paths=paths,
        out=root / "tool_schemas.py",
        layout=layout,
        share_defs=share or _configured_share(case),
    )
    merged: dict[str, Any] = {}
    for planned in api.plan(Config((target,)), cwd=root, use_cache=False).files:
        assert planned.data is not None
        namespace: dict[str, Any] = {}
        exec(compile(planned.data, str(planned.path), "exec"), namespace)
        merged.update(namespace)
    return merged


def _cases() -> list[str]:
    """The golden cases that build (exit code 0)."""
    return [
        p.name
        for p in sorted(CASES.iterdir())
        # limit_*: walls of made-up tools at a provider's limit; the other cases hold their kinds
        if not p.name.startswith("limit_")
        and (p / "expected" / "exit_code").is_file()
        and (p / "expected" / "exit_code").read_text().strip() == "0"
    ]


def _pairs() -> list[tuple[str, str, str, str]]:
    """(case, provider, wire name, share_defs): every tool as the case builds it, and with
    ``share_defs`` the other way where that changes its constant or call rules."""
    out = []
    for case in _cases():
        if case in NOT_RUNNABLE:
            continue
        own = _configured_share(case)
        other = "auto" if own == "off" else "off"
        module, flipped = _module(case, own), _module(case, other)
        for provider in PROVIDERS:
            calls = f"TOOL_CALLS_{provider.upper()}"
            for wire, entry in module.get(calls, {}).items():
                if (case, entry["tool"]) in OUTSIDE:
                    continue
                out.append((case, provider, wire, own))
                if _wire(module, provider, wire) != _wire(flipped, provider, wire):
                    out.append((case, provider, wire, other))
    return out


def _wire(module: dict[str, Any], provider: str, wire: str) -> Any:
    """What a tool is for a provider: its constant's entry and its call rules."""
    tools = module.get(f"TOOLS_{provider.upper()}", [])
    named = [t for t in tools if wire in (t.get("name"), t.get("function", {}).get("name"))]
    named += [t for t in tools if t.get("toolSpec", {}).get("name") == wire]
    return named, module.get(f"TOOL_CALLS_{provider.upper()}", {}).get(wire)


@functools.cache
def _functions(case: str) -> dict[str, Callable[..., Any]]:
    """The case's tool functions, imported from its input (cases share package names: the
    modules of the case imported before are forgotten first)."""
    root = CASES / case / "input"
    tops = {p.stem for p in root.iterdir()}
    for name in [m for m in sys.modules if m.split(".")[0] in tops]:
        del sys.modules[name]
    sys.path.insert(0, str(root))
    try:
        importlib.invalidate_caches()
        found = {}
        for tool, path in _module(case)["TOOL_FUNCTIONS"].items():
            module, _, qualname = path.partition(":")
            found[tool] = getattr(importlib.import_module(module), qualname)
        return found
    finally:
        sys.path.remove(str(root))


def _strictly_typed(function: Callable[..., Any], kwargs: dict[str, Any]) -> None:
    """Each value is of its parameter's declared type, to pydantic's strict validation."""
    hints = typing.get_type_hints(function, include_extras=True)
    for name, value in kwargs.items():
        pydantic.TypeAdapter(hints[name]).validate_python(value, strict=True)


def test_the_tools_outside_the_rule_are_there(monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry of OUTSIDE or UNREADABLE that no longer names a tool fails, so the lists
    cannot outlive what they excuse."""
    tools = {(c, t) for c in _cases() for t in _module(c)["TOOL_FUNCTIONS"]}
    assert set(OUTSIDE) <= tools and tools >= UNREADABLE
    monkeypatch.setenv("TOOL_NAME", "set")  # what evaluation's code reads first
    for case in NOT_RUNNABLE:
        sys.path.insert(0, str(CASES / case / "input"))
        try:
            with pytest.raises(RAISES[case]):
                _functions.__wrapped__(case)
        finally:
            sys.path.remove(str(CASES / case / "input"))


@pytest.mark.parametrize(("case", "provider", "wire", "share"), _pairs())
def test_every_call_a_constant_admits_reaches_the_function_or_the_ir_refuses_it(
    case: str, provider: str, wire: str, share: str
) -> None:
    module = _module(case, share)
    functions = _functions(case)
    box = Toolbox(module, provider=provider, functions=functions)
    info = box.info(wire)
    schema = as_json_schema(info.input_schema) if provider == "gemini" else info.input_schema
    strategy = values(schema)
    admitted = admitter(schema)
    closed = info.input_schema.get("additionalProperties") is False
    unreadable = (case, info.name) in UNREADABLE

    @EXAMPLES
    @given(st.data())
    def check(data: st.DataObject) -> None:
        arguments = data.draw(strategy, label="arguments")
        assume(admitted(arguments))
        sent = copy.deepcopy(arguments)
        with warnings.catch_warnings(record=True) as said:
            warnings.simplefilter("always")
            try:
                function, kwargs = box.decode(wire, arguments)
            except ArgumentError as err:
                assert ir_refuses(
                    sent, info.ir_schema, closed
                ), f"refused, but the IR admits it: {err}"
                assert err.errors and all(isinstance(e["path"], str) for e in err.errors)
                assert all(e["path"] == "" or e["path"].startswith("/") for e in err.errors)
                return
        assert arguments == sent, "decode changed the caller's arguments"
        if unreadable:  # JSON values, which the IR admits
            assert all("pydantic cannot read the signature" in str(w.message) for w in said)
            packed = box._calls[wire].get("arguments_of")
            assert admits(info.ir_schema, kwargs[packed] if packed else kwargs, info.ir_schema)
            return
        assert not said, [str(w.message) for w in said]
        assert function is functions[info.name]
        _strictly_typed(function, kwargs)

    check()
