"""Every snippet of README.md and docs/*.md that a user copies is run as printed, against a
sample project (the README's quickstart tools) with toolgen installed from this checkout's
wheels: the shell blocks line by line, every TOML block as the sample's configuration, the
noxfile, pre-commit and GitHub Actions snippets by the tools that run them.

A block that cannot run on this machine says so in the doc source, on the line before its
fence: ``<!-- not run by the tests: REASON -->``; a GitHub Actions step that cannot, likewise:
``<!-- step not run by the tests: STEP NAME: REASON -->``. The steps that `uses:` an action
(checkout, setup-python, cache) are GitHub's; a clone of the sample and a fresh environment
stand in for them. Python blocks are run by tests/e2e/test_docs.py.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.conftest import REPO, write_tree
from tests.e2e.conftest import Wheels, make_venv
from tests.e2e.test_docs import QUICKSTART

if sys.version_info >= (3, 11):
    import tomllib
else:  # toolgen reads TOML with tomli there (a dependency on 3.10)
    import tomli as tomllib

DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
FENCE = re.compile(
    r"^(?:<!-- (not run by the tests: [^\n]*?) -->\n)?```(\w*)\n(.*?)^```", re.S | re.M
)
STEP_NOTE = re.compile(r"<!-- step not run by the tests: ([^:\n]+): [^\n]+ -->\n")
COPIED = {"sh", "toml", "yaml", "python"}
"""The kinds of block a user copies; text and json blocks show output."""
BIN = Path(sys.executable).parent
PIP = (sys.executable, "-m", "pip")

RUN_ELSEWHERE = {
    ("README.md", "python", "import nox"): "test_ci_snippets: the nox session",
    ("README.md", "sh", "python -m pip wheel"): "test_ci_snippets: builds the sample's wheels",
    ("docs/cli.md", "python", "import nox"): "test_ci_snippets: the same as the README's",
    ("docs/cli.md", "yaml", "- name: Tool schemas"): "test_ci_snippets: the Actions step",
    ("docs/cli.md", "yaml", "repos:\n  - repo: local"): "test_ci_snippets: pre-commit",
    ("docs/cli.md", "sh", "pre-commit try-repo"): "test_ci_snippets: pre-commit try-repo",
    ("docs/deploy.md", "sh", "python -m pip wheel"): "test_ci_snippets: the README's command",
    ("docs/deploy.md", "sh", "python -m pip install -r"): "test_deploy: a service's install",
}
"""Blocks other test files run as printed (by their doc and first line)."""
RUN_HERE = {
    ("README.md", "sh", "python -m pip install . &&"),
    ("README.md", "sh", "toolgen build src/tools"),
    ("docs/cli.md", "sh", "toolgen init --dry-run"),
    ("docs/diff.md", "sh", "toolgen diff "),
    ("docs/diff.md", "python", "import nox"),
    ("docs/diff.md", "yaml", "name: tool schemas"),
    ("docs/diff.md", "yaml", "repos:"),
    ("docs/cache.md", "yaml", "# GitHub Actions"),
}
"""Blocks this file runs (every TOML block is run too, by kind)."""


def fenced(doc: Path) -> list[tuple[str, str, str | None]]:
    """(kind, text, why it is not run) of every fenced block of ``doc``."""
    return [(kind, body, note or None) for note, kind, body in FENCE.findall(doc.read_text())]


def block(doc: str, kind: str, first_line: str) -> str:
    found = [b for k, b, _ in fenced(REPO / doc) if k == kind and b.startswith(first_line)]
    assert len(found) == 1, f"{doc}: {len(found)} {kind} blocks start with {first_line!r}"
    return found[0]


def test_every_copied_block_is_run_or_says_why_not() -> None:
    """A new block fails this test until a test runs it or its doc says why none can."""
    claimed = set(RUN_ELSEWHERE) | RUN_HERE
    for doc in DOCS:
        name = doc.relative_to(REPO).as_posix()
        for kind, body, note in fenced(doc):
            if kind not in COPIED or kind in ("python", "toml"):  # run by kind
                continue
            owners = [c for c in claimed if c[:2] == (name, kind) and body.startswith(c[2])]
            if note is not None:
                assert not owners, f"{name}: a block marked '{note}' is run by {owners}"
                assert len(note) > len("not run by the tests: ") + 10, f"{name}: give a reason"
            else:
                assert owners, f"{name}: no test runs this {kind} block:\n{body}"
    for doc, kind, first_line in claimed:  # every claim names exactly one block
        block(doc, kind, first_line)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory, wheels: Wheels) -> Path:
    """The bin folder of an environment with toolgen installed from this checkout's wheels."""
    python = make_venv(tmp_path_factory.mktemp("venv") / "env", with_pip=False)
    done = subprocess.run(
        [*PIP, "--python", str(python), "install", "-q", str(wheels.toolgen), str(wheels.runtime)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return python.parent


def _env(root: Path, *bins: Path) -> dict[str, str]:
    path = [str(b) for b in bins] + [str(BIN), os.environ["PATH"]]
    return {
        **os.environ,
        "PATH": os.pathsep.join(path),
        "PRE_COMMIT_HOME": str(root / "pre-commit-home"),
        "PIP_CACHE_DIR": str(root / "pip-cache"),
        "VIRTUALENV_OVERRIDE_APP_DATA": str(root / "virtualenv-data"),
        "GIT_CONFIG_COUNT": "2",
        "GIT_CONFIG_KEY_0": "user.name",
        "GIT_CONFIG_VALUE_0": "t",
        "GIT_CONFIG_KEY_1": "user.email",
        "GIT_CONFIG_VALUE_1": "t@example.com",
    }


def _sh(script: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``script`` as bash runs it, stopping at the first line that fails."""
    return subprocess.run(
        ["bash", "-eo", "pipefail", "-c", script], cwd=cwd, env=env, capture_output=True, text=True
    )


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory, wheels: Wheels) -> Path:
    """The quickstart's tools on the branch ``main`` of a repository, with the wheels
    committed in ``wheels/`` (as docs/cli.md advises): not yet set up by ``toolgen init``."""
    root = write_tree(tmp_path_factory.mktemp("sample") / "project", QUICKSTART)
    (root / "wheels").mkdir()
    for wheel in (wheels.toolgen, wheels.runtime):
        shutil.copy(wheel, root / "wheels")
    (root / ".gitignore").write_text(".nox/\n.toolgen_cache/\n")
    env = _env(root)
    _sh("git init -q -b main && git add -A && git commit -q -m tools", root, env)
    return root


def _copy(sample: Path, dest: Path, installed: Path, *, init: bool) -> tuple[Path, dict[str, str]]:
    project = dest / "project"
    shutil.copytree(sample, project)
    env = _env(dest, installed)
    if init:
        done = _sh("toolgen init && git add -A && git commit -q -m init", project, env)
        assert done.returncode == 0, done.stdout + done.stderr
    return project, env


def test_the_environment_is_the_wheels(installed: Path, sample: Path, tmp_path: Path) -> None:
    _, env = _copy(sample, tmp_path, installed, init=False)
    where = _sh("command -v toolgen", tmp_path, env)
    assert where.stdout.strip() == str(installed / "toolgen")


@pytest.mark.slow
def test_the_quickstart_commands(installed: Path, tmp_path: Path) -> None:
    """In a new repository with no commit yet, as a new user has it."""
    project = write_tree(tmp_path / "project", QUICKSTART)
    env = _env(tmp_path, installed)
    assert _sh("git init -q", project, env).returncode == 0
    done = _sh(block("README.md", "sh", "toolgen build src/tools"), project, env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "+TOOLS_OPENAI" in done.stdout  # git diff showed the new module
    # The README's word on importing it: the `src` folder on the path.
    readme = (REPO / "README.md").read_text()
    assert "PYTHONPATH=src" in readme
    imported = _sh(
        "PYTHONPATH=src python -c 'from tools.tool_schemas import TOOLS_OPENAI'", project, env
    )
    assert imported.returncode == 0, imported.stderr


@pytest.mark.slow
def test_the_command_line_tour(installed: Path, sample: Path, tmp_path: Path) -> None:
    project, env = _copy(sample, tmp_path, installed, init=False)
    done = _sh(block("docs/cli.md", "sh", "toolgen init --dry-run"), project, env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (project / "src/tools/tool_schemas.py").is_file()


@pytest.mark.slow
def test_the_diff_tour(installed: Path, sample: Path, tmp_path: Path) -> None:
    project, env = _copy(sample, tmp_path, installed, init=True)
    # What the tour assumes: a release tag, and an old copy of the generated module.
    setup = "git tag v1.4.0 && mkdir old && cp src/tools/tool_schemas.py old/"
    assert _sh(setup, project, env).returncode == 0
    done = _sh(block("docs/diff.md", "sh", "toolgen diff "), project, env)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_the_two_commands(installed: Path, tmp_path: Path) -> None:
    """The README's first command, in a clone of this checkout, with a fresh environment's
    python first on the PATH."""
    clone = tmp_path / "toolgen"
    shutil.copytree(
        REPO,
        clone,
        ignore=shutil.ignore_patterns(
            ".git", ".nox", ".venv", "venv", "__pycache__", "*.egg-info", "dist", "build",
            ".pytest_cache", ".mypy_cache", ".ruff_cache", ".toolgen_cache", ".hypothesis",
        ),
    )  # fmt: skip
    python = make_venv(tmp_path / "env")
    done = _sh(
        block("README.md", "sh", "python -m pip install . &&"), clone, _env(tmp_path, python.parent)
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "travel_tools/tool_schemas.py: fresh" in done.stderr


@pytest.mark.slow
def test_the_schema_diff_nox_session(installed: Path, sample: Path, tmp_path: Path) -> None:
    project, env = _copy(sample, tmp_path, installed, init=True)
    (project / "noxfile.py").write_text(block("docs/diff.md", "python", "import nox"))
    done = _sh("nox -s schema_diff -- --fail-on any", project, env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Session schema_diff was successful" in done.stderr
    assert ".nox/schema_diff" in done.stderr and "toolgen==0.1.0" in done.stderr


def _steps(job: str) -> list[dict[str, object]]:
    loaded = yaml.safe_load(job)
    if isinstance(loaded, list):
        return loaded
    (steps,) = [j["steps"] for j in loaded["jobs"].values()]
    return list(steps)


GITHUB = {
    "github.base_ref": "main",
    "github.token": "not-a-token",
    "github.event.pull_request.number": "1",
    "runner.os": "Linux",
    "secrets.TOOLGEN_CACHE_SECRET": "a-secret-of-this-test-run-only",
}
"""What GitHub puts in the ``${{ ... }}`` expressions the snippets use, for a local run."""


def _run_steps(doc: str, job: str, cwd: Path, env: dict[str, str]) -> list[str]:
    """Run every ``run:`` step of ``job`` in order; the names of the steps that ran."""
    skipped = set(STEP_NOTE.findall((REPO / doc).read_text()))
    ran = []
    for step in _steps(job):
        if "uses" in step or str(step.get("name")) in skipped:
            continue
        script = re.sub(r"\$\{\{\s*([^}]+?)\s*\}\}", lambda m: GITHUB[m[1]], str(step["run"]))
        step_env = {k: GITHUB.get(v.strip("${} "), v) for k, v in dict(step.get("env", {})).items()}
        done = _sh(script, cwd, {**env, **step_env})
        assert done.returncode == 0, f"{doc}: {step}\n{done.stdout}{done.stderr}"
        ran.append(str(step.get("name", script)))
    return ran


@pytest.mark.slow
def test_the_schema_diff_job(installed: Path, sample: Path, tmp_path: Path) -> None:
    """In a clone (what actions/checkout with the history is), with a fresh environment
    (setup-python) first on the PATH."""
    project, env = _copy(sample, tmp_path, installed, init=True)
    clone = tmp_path / "clone"
    assert (
        _sh(
            f"git clone -q {project} {clone} && git -C {clone} checkout -q -b topic", tmp_path, env
        ).returncode
        == 0
    )
    python = make_venv(tmp_path / "job-env")
    job_env = _env(tmp_path, python.parent)
    ran = _run_steps(
        "docs/diff.md", block("docs/diff.md", "yaml", "name: tool schemas"), clone, job_env
    )
    assert "No breaking change" in ran and "Comment" not in ran
    assert (clone / "schema-diff.md").read_text().strip()
    assert shutil.which("toolgen", path=job_env["PATH"]) == str(python.parent / "toolgen")


@pytest.mark.slow
def test_the_cache_step(installed: Path, sample: Path, tmp_path: Path) -> None:
    project, env = _copy(sample, tmp_path, installed, init=True)
    ran = _run_steps(
        "docs/cache.md", block("docs/cache.md", "yaml", "# GitHub Actions"), project, env
    )
    assert ran == ["toolgen check"]


@pytest.mark.slow
def test_the_pre_push_hook(installed: Path, sample: Path, tmp_path: Path) -> None:
    project, env = _copy(sample, tmp_path, installed, init=True)
    (project / ".pre-commit-config.yaml").write_text(block("docs/diff.md", "yaml", "repos:"))
    done = _sh("pre-commit run --hook-stage pre-push --all-files", project, env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(
        r"toolgen diff \(no breaking change to the tool schemas\)\.+Passed", done.stdout
    )


def _toml_blocks() -> list[tuple[str, str]]:
    return [
        (f"{doc.relative_to(REPO).as_posix()}#{i}", body)
        for doc in DOCS
        for i, (kind, body, _) in enumerate(fenced(doc))
        if kind == "toml"
    ]


TOOL = '''\
from toolgen import tool


@tool
def find_trip(city: str) -> str:
    """Find a trip to a city.

    Args:
        city: Where to.
    """
'''


@pytest.mark.slow
@pytest.mark.parametrize("where,text", _toml_blocks(), ids=[w for w, _ in _toml_blocks()])
def test_toml_block_configures_a_build(
    where: str, text: str, installed: Path, tmp_path: Path
) -> None:
    """The block as a project's pyproject.toml, with a tool in every folder it names: the
    build succeeds without a warning, and check finds it fresh."""
    table = tomllib.loads(text)["tool"]["toolgen"]
    folders = [*table.get("paths", []), *(p for t in table.get("targets", []) for p in t["paths"])]
    files = {"pyproject.toml": text, **{f"{folder}/trips.py": TOOL for folder in folders}}
    project = write_tree(tmp_path / "project", files)
    env = _env(tmp_path, installed)
    done = _sh("toolgen build && toolgen check", project, env)
    assert done.returncode == 0, f"{where}:\n{done.stdout}{done.stderr}"
    assert "warning" not in done.stderr, f"{where}:\n{done.stderr}"
