"""Text is read in time linear in its length: a docstring line of a million spaces, or a
description of many ``(choices:``, is parsed in well under a second, where a pattern that
tries every split of a run of spaces took seconds per 40,000 characters (an hour for 1 MB).

Each input runs in a child process under a wall-clock limit (30 s, for a shared machine) that a
quadratic parser misses by orders of magnitude; the test asserts what was parsed, not a time."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from typing import Any

import pytest

from tests.conftest import REPO

N = 1_000_000
SPACES = " " * N

DOCSTRINGS = {
    "reST field unclosed": (":param" + SPACES + "x", "google", []),
    "reST field and argument": ("Do.\n:param int" + SPACES + "x: text", "rest", ["x"]),
    "Google entry": ("Do.\n\nArgs:\n    x" + SPACES + "y", "google", []),
    "Google entry with a type": ("Do.\n\nArgs:\n    x (int)" + SPACES + ": y", "google", ["x"]),
    "Google header": ("Do.\n\nArgs" + SPACES + "x", "google", []),
    "NumPy underline": ("Do.\n\nParameters\n" + SPACES + "-", "google", []),
    "NumPy entry": ("Do.\n\nParameters\n----------\nx" + SPACES + "y\n    text", "numpy", []),
    "NumPy names": ("Do.\n\nParameters\n----------\n" + "x, " * (N // 3) + "!", "numpy", []),
    "many short lines": ("Do.\n" + "w\n" * (N // 2), "google", []),
    "many blank lines first": ("\n" * N + "Do.", "google", []),
}

_PARSE = textwrap.dedent("""
    import json, sys
    from toolgen.docstrings import parse
    doc = parse(sys.stdin.read())
    print(json.dumps({"style": doc.style, "params": list(doc.params)}))
    """)


def _child(program: str, text: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", program],
        input=text,
        capture_output=True,
        text=True,
        timeout=30,
        env={"PYTHONPATH": str(REPO / "src"), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return dict(json.loads(done.stdout))


@pytest.mark.parametrize("case", list(DOCSTRINGS))
def test_a_docstring_is_parsed_in_linear_time(case: str) -> None:
    text, style, params = DOCSTRINGS[case]
    assert _child(_PARSE, text) == {"style": style, "params": params}


def test_a_description_of_many_choices_markers_is_read_in_linear_time() -> None:
    program = textwrap.dedent("""
        import json, sys
        from toolgen.frameworks.smolagents_choices import choices as _choices
        text = sys.stdin.read()
        print(json.dumps(_choices({"type": "string", "description": text})))
        """)
    assert _child(program, "(choices:" * (N // 10) + ' ["a"]')["description"].startswith("(")
    listed = _child(program, "Unit. (choices:" + SPACES + ' ["m", "km"])')
    assert listed == {"type": "string", "enum": ["m", "km"], "description": "Unit."}


def test_an_existing_pre_commit_file_of_many_blank_lines_is_read_in_linear_time() -> None:
    program = textwrap.dedent("""
        import json, sys
        from toolgen.init import _TOOLGEN_HOOK
        print(json.dumps({"found": _TOOLGEN_HOOK.search(sys.stdin.read()) is not None}))
        """)
    blank = "\n" * (N // 10)  # 100,000 blank lines: the pattern of `\\s*-?\\s*` took hours
    assert _child(program, "repos:" + blank + "  - id: other\n") == {"found": False}
    assert _child(program, "repos:" + blank + "  - id: toolgen-check\n") == {"found": True}


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("- id: toolgen-check", True),
        ("    - id: 'toolgen-build'", True),
        ('  -   id:   "toolgen-check"', True),
        ("  -\n    id: toolgen-check", True),
        ("  - id:\n      toolgen-check", True),
        ("  - id: my-toolgen-check", False),
        ("  - name: toolgen-check", False),
        ("  # id: other\n  - id: black", False),
    ],
)
def test_a_toolgen_hook_is_recognised_as_before(text: str, found: bool) -> None:
    from toolgen.init import _TOOLGEN_HOOK

    assert (_TOOLGEN_HOOK.search("repos:\n" + text + "\n") is not None) is found
