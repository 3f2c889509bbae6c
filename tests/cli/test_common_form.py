"""The entry point reads the common command lines of ``build`` and ``check`` without click:
it must read exactly what click reads, and the run must print the same bytes and exit with the
same code as click's reading of the same command line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import REPO, run_toolgen, write_tree
from toolgen.command import CommonForm, common_form

TOOLS = {
    "tools/__init__.py": "",
    "tools/a.py": '''
        from toolgen import tool

        @tool
        def lookup(city: str, days: int = 3, limits: dict = {}) -> str:
            """Look up the weather.

            Args:
                city: The city.
                days: How many days.
                limits: Free-form limits.
            """
    ''',
}


@pytest.mark.parametrize(
    ("args", "form"),
    [
        (["build"], CommonForm("build")),
        (["check", "a", "b/"], CommonForm("check", (Path("a"), Path("b")))),
        (["build", "-q", "t", "-v"], CommonForm("build", (Path("t"),), quiet=True, verbose=True)),
        (["check", "t", "--quiet", "--verbose"], CommonForm("check", (Path("t"),), True, True)),
        (["build", "t", "--out", "o.py"], CommonForm("build", (Path("t"),), out=Path("o.py"))),
        (["build", "t", "-o", "o.py"], CommonForm("build", (Path("t"),), out=Path("o.py"))),
        (["build", "--out=o.py", "t"], CommonForm("build", (Path("t"),), out=Path("o.py"))),
        (["build", "--out", "a", "--out", "b"], CommonForm("build", out=Path("b"))),
        (["check", "--cache-dir", "c"], CommonForm("check", cache_dir=Path("c"))),
        (["check", "--cache-dir=c"], CommonForm("check", cache_dir=Path("c"))),
        (["check", "--no-cache", "t"], CommonForm("check", (Path("t"),), no_cache=True)),
    ],
)
def test_the_common_forms_are_read_as_click_reads_them(args: list[str], form: CommonForm) -> None:
    assert common_form(args) == form


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["show", "a.py::f"],
        ["diff"],
        ["init"],
        ["--version"],
        ["build", "--help"],
        ["build", "-h"],
        ["build", "--check"],
        ["build", "-qv"],  # click's combined short flags
        ["build", "--no-cache=1"],
        ["build", "--provider", "openai"],
        ["build", "--error-format", "json"],
        ["build", "--force"],
        ["build", "--out"],  # no value: click's usage error
        ["build", "--out", ""],
        ["build", "--out", "-q"],  # an option where a value was expected
        ["build", "-o=x"],  # click reads the value "=x"
        ["build", "-ox"],
        ["build", "--", "-t"],
        ["build", ""],
        ["build", "-"],
        ["check", "--quiet=1"],
    ],
)
def test_every_other_command_line_goes_to_click(args: list[str]) -> None:
    assert common_form(args) is None


_FAST = """
import sys
from toolgen.command import main
try:
    main(sys.argv[1:])
finally:
    with open(sys.argv[0] + ".modules", "a") as f:
        print("click" in sys.modules, file=f)
"""

_CLICK = """
import sys
from toolgen.cli import main
main(sys.argv[1:])
"""


def _steps(tree: Path) -> list[tuple[list[str], object]]:
    """A session's command lines, each with what to change in the tree before it runs."""
    tool = tree / "tools" / "a.py"

    def edit() -> None:
        tool.write_text(tool.read_text().replace("Look up the weather", "Look up weather"))

    def break_it() -> None:
        (tree / "tools" / "b.py").write_text("def broken(:\n    pass\n")

    def mend() -> None:
        (tree / "tools" / "b.py").unlink()

    return [
        (["check", "tools"], None),  # missing: a diff, and the fix command
        (["check", "tools", "-q", "--out", "gen/out.py"], None),
        (["build", "tools"], None),  # written, with warnings
        (["build", "tools"], None),  # unchanged
        (["check", "tools", "-v"], None),  # fresh
        (["check", "tools", "--cache-dir", "c2", "-q", "--no-cache"], edit),  # stale
        (["build", "-q", "tools"], None),
        (["build", "tools"], break_it),  # errors in the sources
        (["check", "tools", "-q"], mend),
        (["build", "no/such/folder"], None),  # usage error
        (["check"], None),  # no configuration: nothing to scan
        (["build", "tools", "-o", "tools"], None),  # the output is a folder
    ]


def test_the_common_forms_print_and_exit_as_click_does(tmp_path: Path) -> None:
    """The same session of command lines, run once through the entry point's own reading and
    once through click's, in two copies of one project: every step prints the same bytes on
    each stream and exits with the same code; and the entry point never loaded click."""
    trees = {}
    for way, program in (("fast", _FAST), ("click", _CLICK)):
        tree = write_tree(tmp_path / way, TOOLS)
        script = tree / "run.py"
        script.write_text(program)
        trees[way] = (tree, script)
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    env.pop("TOOLGEN_CACHE_DIR", None)
    said: dict[str, list[tuple[int, str, str]]] = {"fast": [], "click": []}
    for way, (tree, script) in trees.items():
        for args, change in _steps(tree):
            if change is not None:
                change()  # type: ignore[operator]
            done = subprocess.run(
                [sys.executable, script.name, *args],
                cwd=tree,
                capture_output=True,
                text=True,
                env=env,
            )
            said[way].append(  # an error may name an absolute path
                (
                    done.returncode,
                    done.stdout.replace(str(tree), "<tree>"),
                    done.stderr.replace(str(tree), "<tree>"),
                )
            )
    codes = [code for code, _, _ in said["fast"]]
    assert codes == [1, 1, 0, 0, 0, 1, 0, 3, 0, 2, 2, 2]
    assert "unchanged (1 tool)" in said["fast"][3][2]
    assert "toolgen build tools --no-cache --cache-dir c2 --quiet" in said["fast"][5][2]
    for step, (fast, slow) in enumerate(zip(said["fast"], said["click"], strict=True)):
        assert fast == slow, f"step {step}: {_steps(tmp_path)[step][0]}"
    loaded = (trees["fast"][1].parent / "run.py.modules").read_text().split()
    assert loaded == ["False"] * len(codes)


def test_a_file_name_with_terminal_escapes_is_printed_escaped(tmp_path: Path) -> None:
    """click stripped ANSI sequences from text bound for a pipe, not for a terminal; toolgen
    prints every name from outside with its control characters escaped, wherever it goes: in
    the report's lines and in an error's message."""
    tree = write_tree(tmp_path, TOOLS)
    out = "gen\x1b[31m.py"
    done = run_toolgen("build", "tools", "-o", out, cwd=tree)
    assert done.returncode == 0, done.stderr
    assert (tree / out).is_file()
    assert "gen\\x1b[31m.py: written (1 tool)" in done.stderr
    assert "\x1b" not in done.stderr
    missing = run_toolgen("check", "no\x1b[2Jsuch", cwd=tree)  # a usage error names the path given
    assert missing.returncode == 2
    assert "path does not exist: no\\x1b[2Jsuch" in missing.stderr
    assert "\x1b" not in missing.stderr


_WORDS = [
    "build",
    "check",
    "tools",
    "b/",
    "x.py",
    "-q",
    "--quiet",
    "-v",
    "--verbose",
    "--out",
    "-o",
    "--out=o.py",
    "-o=o.py",
    "--cache-dir",
    "--cache-dir=c",
    "--no-cache",
    "--no-cache=1",
    "--",
    "-",
    "",
    "-qv",
    "--force",
    "--provider",
    "openai",
    "--help",
]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(["build", "check", "show"]), st.lists(st.sampled_from(_WORDS), max_size=7))
def test_a_command_line_the_entry_point_reads_is_read_so_by_click(
    command: str, words: list[str]
) -> None:
    """Whatever the entry point accepts, click reads the same way: the same values for the
    options it knows, every other option at its default, and no usage error."""
    import click

    from toolgen.cli import main as click_main

    args = [command, *words]
    form = common_form(args)
    if form is None:
        return
    sub = click_main.commands[command]
    assert isinstance(sub, click.Command)
    try:
        context = sub.make_context(command, list(words))
    except click.exceptions.Exit:  # --help: never a common form
        raise AssertionError(f"{args}: click exits") from None
    except click.UsageError as exc:
        raise AssertionError(f"{args}: click refuses it: {exc}") from None
    params = context.params
    assert tuple(params["paths"]) == form.paths
    assert params["quiet"] is form.quiet
    assert params["verbose"] is form.verbose
    assert params["no_cache"] is form.no_cache
    assert params["out"] == form.out
    assert params["cache_dir"] == form.cache_dir
    given_by_click = {
        name
        for name, value in params.items()
        if context.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE
    }
    assert given_by_click <= {"paths", "quiet", "verbose", "no_cache", "out", "cache_dir"}
