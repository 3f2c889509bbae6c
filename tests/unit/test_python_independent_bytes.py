"""The generated module is the same bytes whichever Python writes it (issue 24, class 8): the
choice of the characters written as they are comes from a fixed table (made by
``scripts/shown_table.py``, never from the running Python's Unicode database), and the cache is
keyed on what still depends on the running Python and the libraries that lay the module out."""

from __future__ import annotations

import glob
import hashlib
import importlib.metadata
import importlib.util
import json
import os
import subprocess
import sys
import unicodedata
from pathlib import Path

from tests.conftest import REPO, write_tree
from toolgen import _shown

# Characters Unicode assigned after 3.2, some of them after the 13.0 of Python 3.10 (U+1FAE8 in
# 15.0, U+1FA89 in 16.0): the running Python's database decides nothing about them.
NEWER = ["\u20b9", "\u2c7c", "\U0001f600", "\U0001fae8", "\U0001fa89", "\U00011f50", "\u0c5d"]
TEXTS = [
    *(f"a{c}b" for c in NEWER),
    "中文 é Ж",
    "mixed \U0001f680 launch \u202e",
    "wide 中文中文中文中文中文中文中文中文中文中文中文中文中文中文中文中文中文中文中文中文 x",
]

# A stand-in for another Python: the ``unicodedata`` module answers from Unicode 3.2.0.
OTHER_DATABASE = """
import unicodedata
old = unicodedata.ucd_3_2_0
for name in ("category", "east_asian_width", "bidirectional", "combining", "decomposition",
             "mirrored", "name", "lookup", "normalize", "is_normalized", "numeric", "digit",
             "decimal"):
    setattr(unicodedata, name, getattr(old, name))
unicodedata.unidata_version = "3.2.0"
"""

RENDER = """
import json, sys
sys.path.insert(0, {src!r})
from toolgen.render.escape import comment_text, docstring_text
from toolgen.render.literal import assignment, string
texts = json.loads(sys.stdin.read())
out = [[string(t), comment_text(t), docstring_text(t), assignment("X", "", {{"k": [t, t]}}, 64)]
       for t in texts]
print(json.dumps(out))
"""


def _render(python: str, prelude: str = "") -> str:
    code = prelude + RENDER.format(src=str(REPO / "src"))
    done = subprocess.run(
        [python, "-I", "-B", "-c", code],
        input=json.dumps(TEXTS),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _other_pythons() -> list[str]:
    """The other CPythons 3.10+ installed here (pyenv's among them)."""
    here = os.path.realpath(sys.executable)
    roots = [os.environ.get("PYENV_ROOT", ""), os.path.expanduser("~/.pyenv")]
    found = {p for root in roots if root for p in glob.glob(f"{root}/versions/3.1*/bin/python3")}
    found |= {
        p
        for folder in os.environ.get("PATH", "").split(os.pathsep)
        for p in glob.glob(os.path.join(folder, "python3.1[0-9]"))
        if "shims" not in folder
    }
    return sorted(p for p in found if os.path.realpath(p) != here)


def test_the_table_is_what_the_script_writes() -> None:
    spec = importlib.util.spec_from_file_location("shown_table", REPO / "scripts/shown_table.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert Path(_shown.__file__).read_text(encoding="utf-8") == script.text()
    assert _shown.UNICODE_VERSION == "3.2.0"


def test_escaping_and_widths_do_not_follow_the_running_pythons_unicode_database() -> None:
    here = _render(sys.executable)
    assert _render(sys.executable, OTHER_DATABASE) == here
    for python in _other_pythons():  # the real thing, where other Pythons are installed
        probe = subprocess.run(
            [python, "-c", "import sys; print(sys.version_info >= (3, 10))"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        if probe.stdout.strip() == "True":
            assert _render(python) == here, python


def _build_in_process(root: Path, prelude: str, *args: str) -> subprocess.CompletedProcess[str]:
    code = prelude + "\nimport sys\nfrom toolgen.cli import main\nmain(sys.argv[1:])\n"
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(REPO / "src")},
    )


SOURCE = '''
from toolgen import tool

@tool
def price(amount: int) -> None:
    """Price in \u20b9, \U0001fae8 and \u4e2d\u6587 \u202e."""
'''


def test_a_module_built_under_another_unicode_database_is_the_same_bytes(tmp_path: Path) -> None:
    write_tree(tmp_path, {"pkg/mod.py": SOURCE})
    first = _build_in_process(tmp_path, "", "build", "pkg", "--no-cache")
    assert first.returncode == 0, first.stderr
    out = tmp_path / "pkg" / "tool_schemas.py"
    here = out.read_bytes()
    out.unlink()
    second = _build_in_process(tmp_path, OTHER_DATABASE, "build", "pkg", "--no-cache")
    assert second.returncode == 0, second.stderr
    assert hashlib.sha256(out.read_bytes()).hexdigest() == hashlib.sha256(here).hexdigest()


def test_a_cache_written_by_another_python_is_not_used(tmp_path: Path) -> None:
    write_tree(tmp_path, {"pkg/mod.py": SOURCE})
    cache = tmp_path / "cache"
    first = _build_in_process(tmp_path, "", "build", "pkg", "--cache-dir", str(cache))
    assert first.returncode == 0, first.stderr
    namespaces = {p.name for p in cache.glob("v*/*") if p.is_dir()}
    assert len(namespaces) == 1
    other = _build_in_process(tmp_path, OTHER_DATABASE, "check", "pkg", "--cache-dir", str(cache))
    assert other.returncode == 0, other.stderr
    # The other Python's entries live apart: nothing it finds was made by this one.
    assert len({p.name for p in cache.glob("v*/*") if p.is_dir()} - namespaces) == 1


def test_the_cache_key_names_the_python_and_the_libraries_that_shape_the_bytes() -> None:
    from toolgen.engine.keys import environment

    env = dict(environment())
    assert env["python"] == sys.implementation.name + " " + ".".join(map(str, sys.version_info[:3]))
    assert env["unicode"] == unicodedata.unidata_version
    for name in ("black", "libcst", "jinja2"):
        assert env[name] == importlib.metadata.version(name), name
