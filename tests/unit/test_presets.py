"""The framework presets have one registry, ``settings.PRESET_NAMES``: each name is a module of
``toolgen/frameworks/presets/``, and a build loads the presets its target uses, no other."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO
from toolgen.frameworks.presets import active, preset
from toolgen.settings import PRESET_NAMES

FOLDER = REPO / "src" / "toolgen" / "frameworks" / "presets"


def test_every_preset_name_loads_the_preset_of_that_name() -> None:
    assert [preset(name).name for name in PRESET_NAMES] == list(PRESET_NAMES)


def test_every_module_of_the_presets_folder_is_a_named_preset() -> None:
    """A module no name reaches would be a preset no build applies; the folder and the list
    cannot drift apart (``__init__`` and ``_shared`` are the loader and the shared pieces)."""
    modules = {p.stem for p in FOLDER.glob("*.py") if not p.stem.startswith("_")}
    assert modules == {name.replace("-", "_") for name in PRESET_NAMES}


def test_the_presets_in_force_keep_the_order_of_the_names() -> None:
    """With no ``frameworks = [...]`` every preset applies, in the list's order (which preset
    reads a function two of them mark is the first's); a narrowed list keeps its own order."""
    assert tuple(f.name for f in active(None)) == PRESET_NAMES
    assert tuple(f.name for f in active(("crewai", "mcp", "unknown"))) == ("crewai", "mcp")


_LOADED = """
import json, sys
from toolgen.command import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
finally:
    print(json.dumps(sorted(m for m in sys.modules if m.startswith("toolgen.frameworks.presets."))))
"""


def _presets_loaded(tmp_path: Path, *flags: str) -> set[str]:
    app = tmp_path / "app"
    app.mkdir(exist_ok=True)
    (app / "tools.py").write_text(
        "from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('weather')\n\n\n"
        "@mcp.tool()\ndef forecast(city: str) -> str:\n    '''The forecast.'''\n    return city\n"
    )
    args = ["build", str(app), "--out", str(tmp_path / "out.py"), "--no-cache", "-q", *flags]
    result = subprocess.run(
        [sys.executable, "-c", _LOADED, *args],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
        env={**os.environ, "TOOLGEN_JOBS": "1"},  # one process: what it loads is all a build loads
    )
    assert (tmp_path / "out.py").exists(), result.stderr
    names = json.loads(result.stdout.splitlines()[-1])
    return {n.rpartition(".")[2] for n in names} - {"_shared"}


def test_a_build_loads_only_the_presets_its_target_names(tmp_path: Path) -> None:
    assert _presets_loaded(tmp_path, "--framework", "mcp") == {"mcp"}
    assert _presets_loaded(tmp_path) == {name.replace("-", "_") for name in PRESET_NAMES}
