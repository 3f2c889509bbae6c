"""The tests and the benchmark are held to the same lint rules as the package, in CI and in nox."""

from __future__ import annotations

import ast
import subprocess
import sys

from tests.conftest import REPO


def test_ruff_is_clean_over_tests_and_benchmarks() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "src", "tests", "benchmarks"],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_lint_session_runs_ruff_over_tests_and_benchmarks() -> None:
    tree = ast.parse((REPO / "noxfile.py").read_text())
    lint = next(f for f in tree.body if isinstance(f, ast.FunctionDef) and f.name == "lint")
    runs = [
        [a.value for a in node.args if isinstance(a, ast.Constant)]
        for node in ast.walk(lint)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "run"
    ]
    ruff = [args for args in runs if args[:2] == ["ruff", "check"]]
    assert ruff and {"src", "tests", "benchmarks"} <= set(ruff[0]), runs
