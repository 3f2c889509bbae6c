"""Sessions: ``toolgen`` (staleness gate for the checked-in examples), ``tests``, ``lint``, ``regen``, ``bench``,
``schema_diff`` (what a branch changes in the examples' schemas)."""

from __future__ import annotations

from pathlib import Path

import nox

nox.options.sessions = ["toolgen", "tests", "lint"]
nox.options.reuse_existing_virtualenvs = True
ROOT = Path(__file__).parent
EXAMPLES = sorted(p for p in (ROOT / "examples").iterdir() if (p / "pyproject.toml").is_file())


@nox.session
def toolgen(session: nox.Session) -> None:
    """Fail when a checked-in generated module is stale (what users copy into their noxfile)."""
    session.install(".")
    for example in EXAMPLES:
        with session.chdir(example):
            session.run("toolgen", "check")


@nox.session
def schema_diff(session: nox.Session) -> None:
    """What this branch changes in the examples' tool schemas, against the merge base with the
    default branch; fails on a breaking change (``-- --fail-on any``, ``-- --base REV``)."""
    session.install(".")
    for example in EXAMPLES:
        with session.chdir(example):
            session.run("toolgen", "diff", *session.posargs)


@nox.session
def tests(session: nox.Session) -> None:
    """The test suite, with the providers' SDKs and pydantic as references."""
    session.install("-e", ".[test]")
    session.run("pytest", *session.posargs)


@nox.session(python="3.10")
def tests_oldest_python(session: nox.Session) -> None:
    """The test suite on the oldest Python toolgen supports (the comparisons with the agent
    frameworks and the example's scripts are skipped there: what they pin needs 3.11)."""
    session.install("-e", ".[test]")
    session.run("pytest", *session.posargs)


@nox.session
def lint(session: nox.Session) -> None:
    """ruff, black, mypy --strict and the import-layer contracts."""
    session.install("-e", ".[test]", "ruff", "mypy")
    session.run("ruff", "check", "src", "tests", "benchmarks", "noxfile.py", "scripts")
    session.run("black", "--check", "src", "tests", "noxfile.py", "benchmarks", "scripts")
    session.run("mypy", "--strict", "src/toolgen")
    session.run("lint-imports")


@nox.session
def regen(session: nox.Session) -> None:
    """Regenerate the golden cases and the examples' generated modules; review the diff."""
    session.install("-e", ".[test]")
    session.run("pytest", "tests/test_golden.py", "--update-goldens", "-q")
    for example in EXAMPLES:
        with session.chdir(example):
            session.run("toolgen", "build")


@nox.session
def bench(session: nox.Session) -> None:
    """The performance benchmark (ratios against libcst's parse, measured in the same run)."""
    session.install("-e", ".[test]")
    session.run("python", "benchmarks/run.py", *(session.posargs or ["--size", "medium"]))
