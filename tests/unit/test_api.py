"""The public API: ``toolgen.generate`` makes what the command makes, touching nothing;
``toolgen.build`` has the command's outcomes and exit codes, and ``jobs=1`` forks nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import toolgen
from tests.cli.test_progress import PADDING
from tests.conftest import REPO, write_tree
from tests.test_golden import CASE_NAMES, CASES, _args
from toolgen.config import override
from toolgen.engine.workers import MIN_BYTES
from toolgen.settings import SETTINGS

GENERATING = [n for n in CASE_NAMES if not (CASES / n / "command.txt").is_file()]


def _settings(case: Path) -> toolgen.Target:
    """The case's command line (``build input --out expected/tool_schemas.py ARGS``) as settings:
    each flag is the setting that declares it (``toolgen.settings.SETTINGS``)."""
    by_flag = {s.flag: (name, s) for name, s in SETTINGS.items() if s.flag is not None}
    options: dict[str, Any] = {}
    args = _args(case)
    while args:
        arg = args.pop(0)
        negated = arg.startswith("--no-") and f"--{arg[5:]}" in by_flag
        name, setting = by_flag[f"--{arg[5:]}" if negated else arg]
        if setting.kind == "bool":
            options[name] = not negated
        elif setting.kind == "list":
            options[name] = (*options.get(name, ()), args.pop(0))
        else:
            value = args.pop(0)
            options[name] = int(value) if setting.kind == "int" else value
    return override(
        toolgen.Target(), paths=(Path("input"),), out=Path("expected/tool_schemas.py"), **options
    )


def _sources(case: Path) -> dict[str, bytes]:
    return {
        p.relative_to(case).as_posix(): p.read_bytes()
        for p in sorted((case / "input").rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }


def test_every_case_that_builds_or_fails_on_its_sources_is_generated() -> None:
    assert {"bad_syntax", "cross_module", "per_provider", "warnings"} <= set(GENERATING)


@pytest.mark.parametrize("name", GENERATING)
def test_generate_makes_what_the_command_makes(name: str) -> None:
    """The case's expected files, byte for byte, and the diagnostics its stderr holds (the
    command's own last line aside: ``toolgen: 3 error(s) in the sources; ...``)."""
    case = CASES / name
    generated = toolgen.generate(_sources(case), _settings(case))
    expected = {
        f"expected/{p.name}": p.read_bytes().decode("utf-8")
        for p in sorted((case / "expected").glob("tool_schemas*.py"))
    }
    assert generated.files == expected
    said = [
        line
        for line in (case / "expected" / "stderr.txt").read_text().splitlines()
        if not line.startswith("toolgen: ")
    ]
    assert [d.format() for d in generated.diagnostics] == said
    code = int((case / "expected" / "exit_code").read_text())
    assert generated.ok == (code == 0)


_UNTOUCHED = """
import json, os, sys
from pathlib import Path

import toolgen
from tests.unit.test_api import GENERATING, CASES, _settings, _sources

given = {name: (_sources(CASES / name), _settings(CASES / name)) for name in GENERATING}
first = {name: toolgen.generate(*args) for name, args in given.items()}  # loads toolgen's code
armed = False
touched = []


def audit(event, args):
    if event == "open" and args[0] == "<unknown>":
        return  # compile() itself looks for a syntax error's line under the name it was given
    if armed and (event == "open" or event.split(".")[0] in ("os", "shutil", "subprocess")):
        touched.append(event)
        raise PermissionError(f"generate touched the system: {event} {args!r}"[:300])


def refuse(*args, **kwargs):
    touched.append("stat")
    raise PermissionError("generate asked the file system")


sys.addaudithook(audit)
for name in ("stat", "lstat", "listdir", "scandir", "getcwd"):
    setattr(os, name, refuse)
armed = True
try:
    open("pyproject.toml")  # the hook is armed: this must fail, or the test below proves nothing
except PermissionError:
    touched.clear()
else:
    raise AssertionError("the audit hook did not fire")
again = {name: toolgen.generate(*args) for name, args in given.items()}
armed = False
print(json.dumps([touched, [n for n in given if again[n] != first[n]]]))
"""


def test_generate_reads_writes_and_starts_nothing() -> None:
    """Once toolgen's own modules are loaded, ``generate`` on every case opens no file, calls
    no function of ``os`` that the interpreter audits (fork included), and stats nothing.

    (Python's ``compile`` reports a tokenizer's syntax error by trying to open the source under
    its name, ``<unknown>`` for text: the interpreter's, not toolgen's, and no project path.)"""
    done = subprocess.run(
        [sys.executable, "-c", _UNTOUCHED],
        cwd=REPO,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": f"{REPO}{os.pathsep}{REPO / 'src'}"},
    )
    assert done.returncode == 0, done.stderr
    touched, changed = json.loads(done.stdout.splitlines()[-1])
    assert touched == [] and changed == []


_TOOL = '''from toolgen import tool


@tool
def forecast(city: str) -> str:
    """The forecast for a city.

    Args:
        city: The city's name.
    """
    return city
'''
_PYPROJECT = '[tool.toolgen]\npaths = ["tools"]\nproviders = ["openai"]\n'


def _project(root: Path, **files: str) -> Path:
    return write_tree(root, {"pyproject.toml": _PYPROJECT, "tools/weather.py": _TOOL, **files})


def test_build_writes_and_check_finds_it_fresh(tmp_path: Path) -> None:
    root = _project(tmp_path)
    built = toolgen.build(root)
    assert built.exit_code == 0 and built.message is None
    assert [(f.display, f.status, f.tool_count) for f in built.files] == [
        ("tools/tool_schemas.py", toolgen.Status.WRITTEN, 1)
    ]
    checked = toolgen.build(root, check=True)
    assert checked.exit_code == 0
    assert [f.status for f in checked.files] == [toolgen.Status.FRESH]
    assert toolgen.build(root).files[0].status is toolgen.Status.UNCHANGED


def test_check_of_a_stale_output_exits_1_with_its_diff(tmp_path: Path) -> None:
    root = _project(tmp_path)
    assert toolgen.build(root).exit_code == 0
    source = root / "tools" / "weather.py"
    source.write_text(source.read_text().replace("The city's name.", "Which city."))
    checked = toolgen.build(root, check=True)
    assert checked.exit_code == 1
    (stale,) = checked.files
    assert (
        stale.status is toolgen.Status.STALE and "+" in stale.diff and "Which city." in stale.diff
    )


def test_a_project_without_paths_exits_2_saying_what_to_do(tmp_path: Path) -> None:
    write_tree(tmp_path, {"pyproject.toml": "[project]\nname = 'x'\n", "tools/weather.py": _TOOL})
    failed = toolgen.build(tmp_path)
    assert failed.exit_code == 2 and failed.files == ()
    assert failed.message is not None and "no paths to scan" in failed.message


def test_errors_in_the_sources_exit_3_and_write_nothing(tmp_path: Path) -> None:
    root = _project(tmp_path, **{"tools/broken.py": "def f(:\n"})
    failed = toolgen.build(root)
    assert failed.exit_code == 3
    assert [d.format() for d in failed.diagnostics] == [
        "tools/broken.py:1:7: error: syntax error: invalid syntax"
    ]
    assert failed.message == "toolgen: 1 error(s) in the sources; nothing was written"
    assert not (root / "tools" / "tool_schemas.py").exists()


_FORKS = """
import json, sys
import toolgen

forks = []
sys.addaudithook(lambda event, args: forks.append(event) if event == "os.fork" else None)
jobs = None if sys.argv[2] == "none" else int(sys.argv[2])
result = toolgen.build(sys.argv[1], jobs=jobs)
print(json.dumps([result.exit_code, len(forks)]))
"""


def test_jobs_1_builds_in_this_process_alone(tmp_path: Path) -> None:
    """Enough source for the workers: without ``jobs`` the build forks them (so the count can
    fail), with ``jobs=1`` it forks nothing, and writes the same bytes."""
    files = {
        f"tools/m{n}.py": _TOOL.replace("forecast", f"forecast_{n}") + PADDING for n in range(40)
    }
    written = {}
    for jobs in ("none", "1"):
        root = write_tree(tmp_path / jobs, {"pyproject.toml": _PYPROJECT, **files})
        assert sum(p.stat().st_size for p in root.rglob("*.py")) >= MIN_BYTES
        done = subprocess.run(
            [sys.executable, "-c", _FORKS, str(root), jobs],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(REPO / "src"), "TOOLGEN_JOBS": "2"},
        )
        assert done.returncode == 0, done.stderr
        code, forks = json.loads(done.stdout.splitlines()[-1])
        assert code == 0
        assert (forks == 0) == (jobs == "1"), (jobs, forks)
        written[jobs] = (root / "tools" / "tool_schemas.py").read_bytes()
    assert written["none"] == written["1"]
