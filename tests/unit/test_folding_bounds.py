"""Folding's work and memory are bounded: each name is folded once however often it is used, and
no operation builds a value past the limit before refusing it.

The chains count the evaluator's steps (today's exponential folding would take 2**40 of them);
the bombs run in a child process under an address-space and time limit, so that a value built
before it is measured fails the test (MemoryError, or the time limit) instead of eating the
machine."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO, run_toolgen
from toolgen.scan.evaluate import Evaluator
from toolgen.scan.gather import gather_text, parse_annotation
from toolgen.scan.model import TExpr
from toolgen.scan.resolve import Resolver

LINKS = 40
"""Names in each chain: a fold that uses each name's value twice without remembering it makes
2**40 steps."""


class _Counting(Evaluator):
    """An evaluator that fails the test past ``limit`` steps (one step: one expression)."""

    limit = 20_000

    def __init__(self, resolver: Resolver) -> None:
        super().__init__(resolver)
        self.steps = 0

    def _value(self, expr: TExpr, module: str, stack: Any) -> Any:
        self.steps += 1
        if self.steps > self.limit:
            raise AssertionError(f"more than {self.limit} steps")
        return super()._value(expr, module, stack)


def _chain(first: str, link: str, name: str = "A") -> str:
    """``A0 = first``, then ``A{i} = link`` with ``{p}`` standing for the name before."""
    lines = [f"{name}0 = {first}"]
    lines += [f"{name}{i} = " + link.format(p=f"{name}{i - 1}") for i in range(1, LINKS)]
    return "\n".join(lines) + "\n"


CHAINS = {
    "numbers": (_chain("1", "{p} - {p}"), 0),
    "f-strings": (_chain("'xy'", "f'{{{p}:.1}}{{{p}:.1}}'"), "xx"),
    "list items": (_chain("'x'", "[{p}, {p}][0]"), "x"),
    "tuple items": (_chain("'x'", "({p}, {p})[1]"), "x"),
    "dict items": (_chain("'x'", "{{'a': {p}, 'b': {p}}}['b']"), "x"),
    "str.format": (_chain("'x'", "'{{:.1}}{{:.1}}'.format({p}, {p})"), "xx"),
    "%-format": (_chain("'x'", "'%.1s%.1s' % ({p}, {p})"), "xx"),
}


@pytest.mark.parametrize("case", list(CHAINS))
def test_a_chain_using_each_name_twice_is_folded_in_linear_steps(case: str) -> None:
    source, value = CHAINS[case]
    evaluator = _Counting(Resolver([gather_text(source, "m.py", "m")]))
    folded = evaluator.fold(parse_annotation(f"A{LINKS - 1}"), "m")
    assert folded.ok, folded.why
    assert folded.value == value


def test_a_chain_through_imports_is_folded_in_linear_steps() -> None:
    half = LINKS // 2
    first = "\n".join(["A0 = 1", *(f"A{i} = A{i - 1} - A{i - 1}" for i in range(1, half))])
    second = f"from .first import A{half - 1} as B0\n" + "\n".join(
        f"B{i} = B{i - 1} - B{i - 1}" for i in range(1, half)
    )
    scans = [gather_text(first, "p/first.py", "p.first"), gather_text(second, "p/two.py", "p.two")]
    evaluator = _Counting(Resolver(scans))
    folded = evaluator.fold(parse_annotation(f"B{half - 1}"), "p.two")
    assert folded.ok and folded.value == 0, folded.why


def test_an_enum_of_many_auto_members_is_read_in_linear_steps() -> None:
    """Each ``auto()`` counts from the members before it: they are read once for all."""
    members = "\n".join(f"    M{i} = auto()\n    N{i} = 'n{i}'" for i in range(1000))
    source = f"from enum import Enum, auto\nclass E(Enum):\n    FIRST = 7\n{members}\n"
    scan = gather_text(source, "m.py", "m")
    evaluator = _Counting(Resolver([scan]))
    values = [evaluator.member(scan.classes[0], f"M{i}").value for i in range(1000)]
    assert values == list(range(8, 1008))


def test_a_remembered_name_still_counts_in_the_chain_it_is_used_in() -> None:
    """Whether a chain is too long does not depend on what was folded before."""
    source = _chain("'end'", "{p}", name="C") + "\n".join(
        f"D{i} = D{i - 1}" if i else "D0 = C30" for i in range(30)
    )
    scans = [gather_text(source, "m.py", "m")]
    warm = Evaluator(Resolver(scans))
    assert warm.fold(parse_annotation("C30"), "m").value == "end"  # remembered, 31 deep
    cold = Evaluator(Resolver(scans))
    for evaluator in (warm, cold):
        folded = evaluator.fold(parse_annotation("D29"), "m")  # 30 more: 61 names
        assert not folded.ok and "a chain of more than 50 constants" in (folded.why or "")


def test_a_cycle_is_refused_whichever_name_is_folded_first() -> None:
    source = "A = [B, 1]\nB = C\nC = A\nD = B\n"
    scans = [gather_text(source, "m.py", "m")]
    evaluator = Evaluator(Resolver(scans))
    for name in ("D", "A", "B", "C", "D"):
        folded = evaluator.fold(parse_annotation(name), "m")
        assert not folded.ok and "is defined in terms of itself" in (folded.why or ""), name


# --- values past the limit are refused before they are made ---------------------------

_S = "S = 'x' * 100000\n"
BOMBS = {
    "repeated list": (_S, "[S] * 100000"),
    "repeated nested list": ("L = [['x' * 1000] * 99]\n", "L * 100000"),
    "list display": (_S, "[S, S, S]"),
    "dict display": (_S, "{'a': S, 'b': S}"),
    "list plus list": ("L = ['x' * 60000]\n", "L + L"),
    "join": ("S = 'x' * 100000\nL = ['a'] * 50000\n", "S.join(L)"),
    "%-format mapping": (_S + "F = '%(a)s' * 20000\n", "F % {'a': S}"),
    "%-format widths": ("F = '%999s' * 10000\n", "F % ('a',)"),
    "str.format": (_S + "F = '{0}' * 33333\n", "F.format(S)"),
    "str.format widths": ("F = '{0:999}' * 10000\n", "F.format('a')"),
    "f-string": (_S, "f'" + "{S}" * 8000 + "'"),
    "f-string repr": (_S, "f'" + "{S!r}" * 8000 + "'"),
}


def _fold_in_child(consts: str, code: str, tmp_path: Path) -> dict[str, Any]:
    """Fold ``code`` written after ``consts`` in a child limited to 512 MB and 60 seconds."""
    (tmp_path / "consts.py").write_text(consts)
    (tmp_path / "code.txt").write_text(code)
    program = textwrap.dedent("""
        import json, resource, sys
        resource.setrlimit(resource.RLIMIT_AS, (512 * 2**20, 512 * 2**20))
        from toolgen.scan.evaluate import Evaluator
        from toolgen.scan.gather import gather_text, parse_annotation
        from toolgen.scan.resolve import Resolver
        scan = gather_text(open("consts.py").read(), "m.py", "m")
        folded = Evaluator(Resolver([scan])).fold(parse_annotation(open("code.txt").read()), "m")
        print(json.dumps({"ok": folded.ok, "why": folded.why}))
        """)
    done = subprocess.run(
        [sys.executable, "-c", program],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PYTHONPATH": str(REPO / "src"), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return dict(json.loads(done.stdout))


@pytest.mark.parametrize("case", list(BOMBS))
def test_a_value_past_the_limit_is_refused_before_it_is_made(case: str, tmp_path: Path) -> None:
    consts, code = BOMBS[case]
    folded = _fold_in_child(consts, code, tmp_path)
    assert not folded["ok"]
    assert "larger than 100,000 characters and items" in folded["why"], folded["why"]


def test_values_within_the_limit_still_fold() -> None:
    source = "S = 'x' * 50000\nL = ['a'] * 1000\nF = '%(a)s' * 2\n"
    evaluator = Evaluator(Resolver([gather_text(source, "m.py", "m")]))
    for code, size in [
        ("S + S", 100000),
        ("'-'.join(L)", 1999),
        ("F % {'a': S}", 100000),
        ("'{0:>999}'.format('a')", 999),
        ("f'{S}{S}'", 100000),
        ("'%999s' % 'a'", 999),
        ("[S, 'y'][0]", 50000),
    ]:
        folded = evaluator.fold(parse_annotation(code), "m")
        assert folded.ok and len(folded.value) == size, (code, folded.why)


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))


def test_a_default_past_the_limit_is_a_warning_and_an_error_with_strict(tmp_path: Path) -> None:
    """The reported case: ``[S] * 100000`` as a default made gigabytes (exit 4)."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "mod.py").write_text(
        "from toolgen import tool\nS = 'x' * 100000\n\n"
        '@tool\ndef f(x: list[str] = [S] * 100000) -> None:\n    """F."""\n'
    )
    args = ("build", "pkg", "--no-cache")
    result = run_toolgen(*args, cwd=tmp_path, preexec_fn=_limited, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    assert (
        "pkg/mod.py:5:7: warning: tool 'f', parameter 'x': the default cannot be read without "
        "running the code (the result would be larger than 100,000 characters and items); "
        "no default is emitted"
    ) in result.stderr
    assert '"default"' not in (tmp_path / "pkg" / "tool_schemas.py").read_text()
    strict = run_toolgen(*args, "--strict", cwd=tmp_path, preexec_fn=_limited, timeout=120)
    assert strict.returncode == 3, strict.stderr[-2000:]
    assert "pkg/mod.py:5:" in strict.stderr and "error: tool 'f'" in strict.stderr
