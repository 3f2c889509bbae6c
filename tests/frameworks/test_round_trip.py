"""The rule of the round trip over the framework corpora: every call a provider's constant
admits reaches the function as its declared types, or is refused with an ArgumentError naming
where, and refused only where the IR itself rejects it.

For each corpus under ``corpora/``, each tool and each provider's constant toolgen builds for it,
calls are generated from that constant's schema (``tests/property/schemas.py``, derandomised,
a bounded number per tool, each checked with ``jsonschema`` to be admitted by the constant).
The corpus's code imports its framework, so the calls are decoded in the framework's pinned
environment (``round_trip.py``, one process per corpus) by a ``Toolbox`` over the generated
module, the functions being what the corpus's decorators left at their import paths. What came
back is judged here: a decoded call's values are each of the declared type (pydantic's strict
validation, in the environment); a refused call is one the IR refuses (``jsonschema``, once the
nulls the provider made mean "omitted" are taken out), with every path a place in the call.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.conftest import REPO
from tests.frameworks import harness
from tests.property.oracle import admits, admitter, as_json_schema, ir_refuses
from tests.property.schemas import values
from toolgen import api
from toolgen.config import load
from toolgen.runtime import Toolbox
from toolgen.runtime.toolbox import PROVIDERS

pytestmark = pytest.mark.skipif(
    sys.version_info < (3, 11), reason="the reference frameworks are pinned to Python 3.11+"
)

FRAMEWORKS = sorted(f for f in harness.FRAMEWORKS if (harness.CORPORA / f).is_dir())
CALLS = 6
"""Generated calls per tool and provider (derandomised: the same calls on every run)."""
DRAWS = settings(
    max_examples=CALLS,
    derandomize=True,
    database=None,
    deadline=None,
    phases=[Phase.generate],
    suppress_health_check=list(HealthCheck),
)
UNREADABLE: dict[tuple[str, str], str] = {}
"""Tools whose signature pydantic cannot build at run time: decode falls back to the IR, with a
warning, and passes JSON values, which the IR must admit."""
OUTSIDE: dict[tuple[str, str], str] = {}
"""Tools outside the rule by design, each with its reason."""
GAPS: dict[tuple[str, str], str] = {}
"""Defects still open, each listed so it is seen: an entry whose calls all keep the rule
fails, so the list cannot outlive them."""


def _roots(corpus: Path) -> list[str]:
    """Where the corpus's imports start, as ``reference/run.py`` puts them on the path."""
    configured = (
        tomllib.loads((corpus / "pyproject.toml").read_text())
        .get("tool", {})
        .get("toolgen", {})
        .get("source_roots")
    )
    if configured:
        return [str((corpus / r).resolve()) for r in configured]
    return [str(corpus / "src")] if (corpus / "src").is_dir() else [str(corpus)]


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield tmp_path_factory.mktemp("round_trip")


@cache
def _built(framework: str, workdir: Path) -> tuple[str, dict[str, Any], list[str]]:
    """The corpus's generated module (text and namespace), built from a copy, and the copy's
    source roots."""
    _, _, namespace = harness.toolgen_tools(harness.CORPORA / framework, workdir)
    copy = workdir / framework
    text = api.plan(load(copy), cwd=copy, use_cache=False).files[0].text
    assert text is not None
    return text, namespace, _roots(copy)


def _generated(namespace: dict[str, Any], provider: str) -> list[tuple[str, Any]]:
    """Calls of each of the provider's tools, drawn from its constant, each one it admits."""
    box = Toolbox(namespace, provider=provider)
    wires = box.names()
    schemas = {}
    for wire in wires:
        schema = box.info(wire).input_schema
        schemas[wire] = as_json_schema(schema) if provider == "gemini" else schema
    strategies = {wire: values(schema) for wire, schema in schemas.items()}
    drawn: dict[str, list[Any]] = {wire: [] for wire in wires}

    @DRAWS
    @given(st.data())
    def draw(data: st.DataObject) -> None:
        for wire in wires:
            drawn[wire].append(data.draw(strategies[wire], label=wire))

    draw()
    calls = []
    for wire in wires:
        admitted = admitter(schemas[wire])
        seen = set()
        for arguments in drawn[wire]:
            text = json.dumps(arguments, sort_keys=True)
            if text not in seen and admitted(arguments):
                seen.add(text)
                calls.append((wire, arguments))
    return calls


def _decoded(framework: str, text: str, roots: list[str], calls: list[Any]) -> list[Any]:
    python = harness.ensure_env(harness.FRAMEWORKS[framework])
    preludes = [str(p) for p in [harness.prelude(framework)] if p is not None]
    request = json.dumps({"roots": roots, "module": text, "calls": calls, "preludes": preludes})
    done = subprocess.run(
        [str(python), str(harness.HERE / "round_trip.py")],
        input=request,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO / "src"), "PYTHONDONTWRITEBYTECODE": "1"},
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def _a_place(path: str, arguments: Any) -> bool:
    """Whether a pointer names a place in the call: every step but the last is there, and the
    last is there too or is a field of an object (a missing one)."""
    if path == "":
        return True
    if not path.startswith("/"):
        return False
    parts = [p.replace("~1", "/").replace("~0", "~") for p in path[1:].split("/")]
    node = arguments
    for index, part in enumerate(parts):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return index == len(parts) - 1 and isinstance(node, dict)
    return True


Outcome = tuple[str, str, str, str, Any, dict[str, Any]]
"""``(provider, scope, wire, tool, arguments, result)``: ``scope`` the prefix of the owner whose
constants the Toolbox was given (``""``: the module's own)."""


@cache
def _outcomes(framework: str, workdir: Path) -> list[Outcome]:
    """Every generated call of the corpus, through the module's constants and through each
    owner's, and what became of it."""
    text, namespace, roots = _built(framework, workdir)
    calls = []
    for scope in harness.scopes(namespace):
        view = harness.owner_view(namespace, scope)
        for provider in PROVIDERS:
            calls.extend(
                (provider, wire, arguments, scope) for wire, arguments in _generated(view, provider)
            )
    results = _decoded(framework, text, roots, [list(c) for c in calls])
    assert len(results) == len(calls)
    return [
        (
            provider,
            scope,
            wire,
            harness.owner_view(namespace, scope)[f"TOOL_CALLS_{provider.upper()}"][wire]["tool"],
            arguments,
            result,
        )
        for (provider, wire, arguments, scope), result in zip(calls, results)
    ]


def _broken(framework: str, namespace: dict[str, Any], outcome: Outcome) -> str | None:
    """What is wrong with one outcome, or ``None`` when it keeps the rule."""
    provider, scope, wire, tool, arguments, result = outcome
    box = Toolbox(harness.owner_view(namespace, scope), provider=provider)
    info = box.info(wire)
    if "crashed" in result:
        return f"the run-time failed:\n{result['crashed']}"
    if "refused" in result:
        closed = info.input_schema.get("additionalProperties") is False
        if not ir_refuses(arguments, info.ir_schema, closed):
            return f"refused, but the IR admits it:\n{result['text']}"
        errors = result["refused"]
        if not errors or not all(_a_place(e["path"], arguments) for e in errors):
            return f"the paths name no place in the call: {errors}"
        return None
    if result["wrapped"]:
        return "decode gave the framework's tool object, not the function it wraps"
    if result["fallback"] != ((framework, tool) in UNREADABLE):
        return f"fell back to the IR: {result['fallback']}, listed as unreadable: not that"
    if result["fallback"]:
        kwargs = result["kwargs"]
        packed = box._calls[wire].get("arguments_of")
        if not admits(info.ir_schema, kwargs[packed] if packed else kwargs, info.ir_schema):
            return f"fell back to the IR, which refuses what was passed: {kwargs}"
        return None
    if result["typed"]:
        return "decoded, but not as the function's types:\n" + "\n".join(result["typed"])
    return None


@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_every_call_a_corpus_constant_admits_reaches_the_function_or_the_ir_refuses_it(
    framework: str, workdir: Path
) -> None:
    _, namespace, _ = _built(framework, workdir)
    outcomes = _outcomes(framework, workdir)
    problems: dict[tuple[str, str, str], str] = {}  # the first call of each tool and provider
    failed = 0
    for outcome in outcomes:
        provider, scope, wire, tool, arguments, _ = outcome
        if (framework, tool) in OUTSIDE or (framework, tool) in GAPS:
            continue
        found = _broken(framework, namespace, outcome)
        if found is not None:
            failed += 1
            problems.setdefault((scope, provider, wire), f"{json.dumps(arguments)[:300]}: {found}")
    covered = {(s, p, w) for p, s, w, *_ in outcomes}
    wanted = {
        (s, p, w)
        for s in harness.scopes(namespace)
        for p in PROVIDERS
        for w in harness.owner_view(namespace, s)[f"TOOL_CALLS_{p.upper()}"]
    }
    assert covered == wanted, f"no call was generated for {sorted(wanted - covered)}"
    assert not problems, f"{failed} of {len(outcomes)} calls, first of each tool:\n" + "\n".join(
        f"{scope or '-'} {provider} {wire} {said}"
        for (scope, provider, wire), said in sorted(problems.items())
    )


def test_the_tools_outside_the_rule_are_there(workdir: Path) -> None:
    """An entry of OUTSIDE or UNREADABLE that no longer names a tool fails, and an UNREADABLE
    tool must still fall back, so the lists cannot outlive what they excuse."""
    tools = {(f, t) for f in FRAMEWORKS for t in _built(f, workdir)[1]["TOOL_FUNCTIONS"]}
    assert set(OUTSIDE) <= tools and set(UNREADABLE) <= tools and set(GAPS) <= tools
    for framework, tool in GAPS:
        _, namespace, _ = _built(framework, workdir)
        outcomes = [o for o in _outcomes(framework, workdir) if o[3] == tool]
        assert any(_broken(framework, namespace, o) for o in outcomes), f"{tool}: fixed, unlist it"
    for framework, tool in UNREADABLE:
        results = [o[5] for o in _outcomes(framework, workdir) if o[3] == tool]
        assert any(r.get("fallback") for r in results), (framework, tool)
