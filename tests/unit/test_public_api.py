"""The documented API is the API (as griffe's own tests keep theirs): every name docs/api.md
documents is in ``toolgen.__all__`` and reachable, every name there is documented, and reaching
one loads the build only then."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import toolgen
from tests.conftest import REPO

DOCUMENTED = re.findall(r"^## `toolgen\.(\w+)`$", (REPO / "docs/api.md").read_text(), re.M)


def test_the_documented_names_are_the_exported_names() -> None:
    assert len(DOCUMENTED) == len(set(DOCUMENTED)), "a name documented twice"
    assert sorted(DOCUMENTED) == sorted(toolgen.__all__)


def test_every_exported_name_is_reachable() -> None:
    for name in toolgen.__all__:
        assert getattr(toolgen, name) is not None, name
    assert not hasattr(toolgen, "engine_internals")


def test_the_api_is_loaded_when_first_used_and_not_before() -> None:
    code = (
        "import json, sys, toolgen\n"
        "before = 'toolgen.api' in sys.modules\n"
        "toolgen.generate\n"
        "print(json.dumps([before, 'toolgen.api' in sys.modules, callable(toolgen.build)]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == [False, True, True]
