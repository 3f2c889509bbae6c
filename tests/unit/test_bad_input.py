"""Faults and odd inputs: every problem is a located diagnostic or a clean error, nothing half-written."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import write_tree
from toolgen.cli import main

TOOL = 'from toolgen import tool\n\n@tool\ndef ping(host: str) -> str:\n    """Ping."""\n'


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return write_tree(tmp_path, {"tools/__init__.py": "", "tools/net.py": TOOL})


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_unreadable_file_is_a_located_error(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = Path.read_bytes

    def guarded(self: Path) -> bytes:
        if self.name == "net.py":
            raise PermissionError(13, "Permission denied")
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", guarded)
    result = run("build", "tools")
    assert result.exit_code == 3
    assert "tools/net.py:1:1: error: cannot read file: Permission denied" in result.stderr


def test_missing_output_folder_is_clean_error(project: Path) -> None:
    result = run("build", "tools", "--out", "nowhere/schemas.py")
    assert result.exit_code == 2
    assert "nowhere/schemas.py: the output folder does not exist" in result.stderr
    assert "Traceback" not in result.stderr


def test_read_only_output_folder_is_clean_error(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The tests run as root, which ignores permission bits; ask os.access the way a user's shell would.
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, m, **k: False if Path(p).name == "tools" and m & os.W_OK
                        else real_access(p, m))
    result = run("build", "tools")
    assert result.exit_code == 2
    assert "the output folder is not writable" in result.stderr


def test_out_naming_a_source_file_is_usage_error(project: Path) -> None:
    result = run("build", "tools", "--out", "tools/net.py")
    assert result.exit_code == 2
    assert "tools/net.py is one of the scanned source files" in result.stderr
    assert (project / "tools" / "net.py").read_text() == TOOL


def test_two_targets_writing_one_output_is_config_error(project: Path) -> None:
    (project / "pyproject.toml").write_text(textwrap.dedent("""
        [tool.toolgen]
        [[tool.toolgen.targets]]
        paths = ["tools"]
        out = "schemas.py"
        [[tool.toolgen.targets]]
        paths = ["tools"]
        out = "./schemas.py"
        """))
    result = run("build")
    assert result.exit_code == 2
    assert "targets 0 and 1 both write schemas.py" in result.stderr


@pytest.mark.parametrize("key,value,message", [
    ("paths", '"tools"', "'paths' must be a list of strings"),
    ("strict", '"yes"', "'strict' must be true or false"),
    ("line_length", "5", "'line_length' must be between 20 and 1000"),
    ("select", '"all"', "'select' has unknown value 'all'"),
    ("providers", '["openai", "gemnii"]', "unknown value 'gemnii' (did you mean 'gemini'?)"),
    ("exlude", '["x"]', "unknown key 'exlude' (did you mean 'exclude'?)"),
])
def test_bad_configuration_values(project: Path, key: str, value: str, message: str) -> None:
    (project / "pyproject.toml").write_text(f'[tool.toolgen]\npaths = ["tools"]\n{key} = {value}\n'
                                            if key != "paths" else f"[tool.toolgen]\npaths = {value}\n")
    result = run("build")
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_unparsable_pyproject_is_config_error(project: Path) -> None:
    (project / "pyproject.toml").write_text("[tool.toolgen\npaths = [")
    result = run("build")
    assert result.exit_code == 2
    assert "pyproject.toml: cannot read" in result.stderr


def test_build_writes_nothing_but_the_output(project: Path) -> None:
    """An audit hook sees every file opened for writing and every connection during a build."""
    code = textwrap.dedent(f"""
        import sys
        writes, nets = [], []
        def hook(event, args):
            if event == "open" and len(args) > 1 and isinstance(args[1], str) and any(c in args[1] for c in "wax+"):
                writes.append(str(args[0]))
            if event == "open" and len(args) > 2 and isinstance(args[2], int) and args[2] & 0o3:
                writes.append(str(args[0]))
            if event in ("socket.connect", "socket.bind", "socket.getaddrinfo"):
                nets.append(event)
        sys.addaudithook(hook)
        from toolgen.cli import main
        try:
            main(["build", "tools", "--no-cache"] if "--no-cache" in sys.argv else ["build", "tools"])
        except SystemExit as exc:
            pass
        print("WRITES", sorted(set(writes)))
        print("NETS", nets)
        """)
    result = subprocess.run([sys.executable, "-c", code], cwd=project, capture_output=True, text=True)
    writes = [line for line in result.stdout.splitlines() if line.startswith("WRITES")][0]
    # Integers are descriptors toolgen opened itself (os.fdopen of its own temp file).
    paths = [p for p in eval(writes.removeprefix("WRITES ")) if not p.isdigit()]
    out_dir = str(project / "tools")
    cache = str(project / ".toolgen_cache")
    assert all(p.startswith(out_dir + "/.tool_schemas.py.") or p.startswith(cache) for p in paths), paths
    assert any(p.startswith(out_dir + "/.tool_schemas.py.") for p in paths)
    assert "NETS []" in result.stdout


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_interrupted_write_keeps_old_output_and_no_temp_files(project: Path, sig: int) -> None:
    assert run("build", "tools").exit_code == 0
    out = project / "tools" / "tool_schemas.py"
    old = out.read_bytes()
    (project / "tools" / "net.py").write_text(TOOL.replace("Ping.", "Ping, changed."))
    # The child pauses inside the write (after the temp file has its bytes, before the rename).
    code = textwrap.dedent("""
        import os, time, sys
        real = os.fsync
        def slow(fd):
            real(fd)
            print("WRITING", flush=True)
            time.sleep(30)
        os.fsync = slow
        from toolgen.cli import main
        main(["build", "tools"])
        """)
    child = subprocess.Popen([sys.executable, "-c", code], cwd=project, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "WRITING"
    temps = list((project / "tools").glob(".tool_schemas.py.*.tmp"))
    assert len(temps) == 1
    child.send_signal(sig)
    _, stderr = child.communicate(timeout=20)
    assert child.returncode != 0
    assert out.read_bytes() == old
    assert list((project / "tools").glob(".tool_schemas.py.*")) == []
    assert "Traceback" not in stderr


def test_same_bytes_whatever_the_folder_order_and_working_folder(tmp_path: Path) -> None:
    files = {f"m{i}.py": TOOL.replace("ping", f"ping{i}") for i in range(6)}
    first = write_tree(tmp_path / "a" / "tools", dict(sorted(files.items())))
    second = write_tree(tmp_path / "b" / "tools", dict(sorted(files.items(), reverse=True)))
    texts = []
    for folder, cwd in ((first, tmp_path), (second, second)):
        subprocess.run([sys.executable, "-m", "toolgen", "build", str(folder)], cwd=cwd, check=True,
                       capture_output=True, env={**os.environ, "LC_ALL": "C", "PYTHONHASHSEED": str(len(texts))})
        texts.append((folder / "tool_schemas.py").read_bytes())
    assert texts[0] == texts[1]


def test_large_and_odd_inputs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    many = "from toolgen import tool\n" + "".join(
        f"\n@tool\ndef t{i}(x: int, y: str = 'a') -> None:\n    '''Tool {i}.'''\n" for i in range(5000))
    deep = "list[" * 50 + "int" + "]" * 50
    write_tree(tmp_path, {
        "big/many.py": many,
        "big/deep.py": f"from toolgen import tool\n@tool\ndef deep(x: {deep}) -> None:\n    '''Deep.'''\n",
        "big/longdoc.py": "from toolgen import tool\n@tool\ndef longdoc() -> None:\n    '''"
                          + ("Words and more words. " * 5000) + "'''\n",
        "big/notes.txt": "not python",
        "big/data.json": "{}",
    })
    (tmp_path / "big" / "loop").symlink_to(tmp_path / "big", target_is_directory=True)
    (tmp_path / "big" / "dangling.py").symlink_to(tmp_path / "missing.py")
    result = run("build", "big", "--provider", "openai", "--provider", "mcp")
    assert result.exit_code == 0, result.stderr
    assert "(5002 tools)" in result.stderr
    (tmp_path / "empty").mkdir()
    empty = run("build", "empty")
    assert empty.exit_code == 0
    assert "warning: no tools found in empty" in empty.stderr
    assert "TOOLS: list[dict[str, Any]] = []" in (tmp_path / "empty" / "tool_schemas.py").read_text()


@pytest.mark.parametrize("source,expected", [
    ('x = "a\x00b"\n', "pkg/mod.py:1:7: error: syntax error: source code cannot contain null bytes"),
    ("from toolgen import tool\n@tool\ndef f(x: int = " + "9" * 5000 + ") -> None:\n    'F.'\n", None),
    ('from toolgen import tool\n@tool\ndef f(x: str = "\\d") -> None:\n    "F \\q."\n', None),
])
def test_sources_python_itself_treats_specially(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                source: str, expected: str | None) -> None:
    monkeypatch.chdir(tmp_path)
    write_tree(tmp_path, {"pkg/mod.py": ""})
    (tmp_path / "pkg" / "mod.py").write_text(source)
    result = run("build", "pkg")
    if expected:
        assert result.exit_code == 3 and expected in result.stderr
    else:
        assert result.exit_code == 0, result.stderr
        assert "Warning" not in result.stderr
