"""Hostile and odd sources: each is a located diagnostic (exit 3 for an error), never an internal
error (exit 4), a hang or a crash; and the generated module stays valid UTF-8."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import write_tree
from toolgen.cli import main
from toolgen.discover import MAX_SOURCE_BYTES, discover
from toolgen.docstrings import parse, split_lines
from toolgen.errors import Diagnostic, Diagnostics, Severity, SourceSpan

HEAD = (
    "from typing import Annotated, Literal\nfrom pydantic import Field\nfrom toolgen import tool\n"
)
TOOL = '@tool\ndef ping(host: str) -> None:\n    """Ping."""\n'


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def build(root: Path, source: str | bytes, *extra: str, name: str = "pkg/mod.py"):
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(source, bytes):
        path.write_bytes(source)
    else:
        path.write_text(source, encoding="utf-8")
    return CliRunner().invoke(main, ["build", "pkg", *extra])


def out_text(root: Path) -> str:
    """The generated module, which must be UTF-8 and importable."""
    text = (root / "pkg" / "tool_schemas.py").read_bytes().decode("utf-8")
    compile(text, "tool_schemas.py", "exec")
    return text


def run_process(root: Path, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "toolgen", *args],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "PYTHONFAULTHANDLER": "1"},
    )


# --- 1. lone surrogates -------------------------------------------------------------------


@pytest.mark.parametrize(
    "signature",
    [
        'host: str = "\\udcff"',
        'host: Literal["a", "\\udcff"]',
        'host: Annotated[str, "about \\udcff"]',
        'host: Annotated[str, Field(pattern="^\\udcff$")]',
        'host: str = Field(default="x\\udcff")',
    ],
)
def test_a_lone_surrogate_in_a_value_is_an_error_at_the_parameter(
    here: Path, signature: str
) -> None:
    result = build(here, HEAD + f'@tool\ndef ping({signature}) -> None:\n    """Ping."""\n')
    assert result.exit_code == 3, result.stderr
    assert "pkg/mod.py:5:10: error: tool 'ping', parameter 'host': the string '" in result.stderr
    assert "holds a lone surrogate" in result.stderr
    assert "internal error" not in result.stderr


def test_a_lone_surrogate_in_a_docstring_is_kept_escaped_with_a_warning(here: Path) -> None:
    source = HEAD + (
        "@tool\ndef ping(host: str) -> None:\n"
        '    """Ping \\udcff.\n\n    Args:\n        host: the \\ud800 host.\n    """\n'
    )
    result = build(here, source)
    assert result.exit_code == 0, result.stderr
    assert (
        "pkg/mod.py:6:5: warning: the docstring of 'ping' holds a lone surrogate, which UTF-8 "
        "(and so the generated module) cannot hold: it is kept as the text \\udcff"
    ) in result.stderr
    text = out_text(here)
    assert '"Ping \\\\udcff."' in text  # the six characters \udcff, written as Python text
    assert '"the \\\\ud800 host."' in text


def test_a_lone_surrogate_no_tool_uses_is_no_problem(here: Path) -> None:
    """The scan (cached as UTF-8 JSON) of a module with one must not fail: the cache is on."""
    source = 'import enum\nBAD = "\\udcff"\nclass E(enum.Enum):\n    A = "\\udc80"\n' + HEAD + TOOL
    for _ in range(2):  # the second run reads the cache
        result = build(here, source)
        assert result.exit_code == 0, result.stderr
        assert "warning" not in result.stderr
    assert '"name": "ping"' in out_text(here)


def test_a_lone_surrogate_through_a_constant_is_a_warning_at_the_use(here: Path) -> None:
    result = build(here, HEAD + 'HOST = "\\udcff"\n' + TOOL.replace("host: str", "host=HOST"))
    assert result.exit_code == 0, result.stderr
    assert "pkg/mod.py:6:10: warning: tool 'ping', parameter 'host': the default cannot" in (
        result.stderr
    )
    assert "holds a lone surrogate" in result.stderr
    assert '"default"' not in out_text(here)


def test_a_source_that_decodes_to_a_lone_surrogate_is_refused(here: Path) -> None:
    # unicode_escape turns the six characters \udcff into the surrogate itself: Python refuses
    source = b"# -*- coding: unicode_escape -*-\nx = 1\ny = '\\udcff'\n"
    result = build(here, source)
    assert result.exit_code == 3, result.stderr
    assert (
        "pkg/mod.py:3:6: error: cannot decode file as unicode_escape: it decodes to a lone "
        "surrogate ('\\udcff'), which Python refuses in source code"
    ) in result.stderr


# --- 2. codecs that do not decode ---------------------------------------------------------


@pytest.mark.parametrize(
    "cookie,line,words",
    [
        ("# -*- coding: undefined -*-\n", 1, "cannot decode file as undefined: "),
        ("#!/usr/bin/env python\n# coding: undefined\n", 2, "cannot decode file as undefined: "),
        ("# coding: rot13\n", 1, "cannot decode file as rot13: 'rot13' is not a text encoding"),
        ("# coding: no-such-codec\n", 1, "cannot decode file: unknown encoding: no-such-codec"),
    ],
)
def test_a_codec_that_cannot_decode_is_an_error_at_its_cookie(
    here: Path, cookie: str, line: int, words: str
) -> None:
    result = build(here, (cookie + HEAD + TOOL).encode())
    assert result.exit_code == 3, result.stderr
    assert f"pkg/mod.py:{line}:1: error: {words}" in result.stderr


# --- 3. numbers JSON has not --------------------------------------------------------------


@pytest.mark.parametrize(
    "signature,what",
    [
        ("host: Literal[1e999]", "Literal value 'inf' is not a literal"),
        ("host: Literal[-1e999, 1]", "Literal value '-inf' is not a literal"),
        ("host: Annotated[float, Field(ge=1e999)]", "'ge' cannot be read"),
        ("host: float = Field(le=-1e999)", "'le' cannot be read"),
        ("host: float = 1e999", "the default cannot be read"),
        ("host: float = 1e308 * 10", "the default cannot be read"),
        ("host: float = 1e999 - 1e999", "the default cannot be read"),
    ],
)
def test_a_number_json_has_not_is_a_warning_at_its_place(
    here: Path, signature: str, what: str
) -> None:
    result = build(here, HEAD + f'@tool\ndef ping({signature}) -> None:\n    """Ping."""\n')
    assert result.exit_code == 0, result.stderr
    assert f"pkg/mod.py:5:10: warning: tool 'ping', parameter 'host': {what}" in result.stderr
    assert "not a finite number (JSON has none)" in result.stderr
    text = out_text(here)
    assert "inf" not in text and "nan" not in text.lower().replace("dynamic", "")


# --- 4. nesting ---------------------------------------------------------------------------


def _nested(depth: int) -> str:
    return HEAD + "@tool\ndef ping(host: " + "list[" * depth + "int" + "]" * depth + ") -> None:\n"


@pytest.mark.parametrize("depth", [201, 1000])
def test_nesting_python_refuses_is_a_syntax_error_at_its_place(here: Path, depth: int) -> None:
    result = build(here, _nested(depth) + '    """Ping."""\n')
    assert result.exit_code == 3, result.stderr
    # as CPython: at the 201st open bracket ("def ping(" opens one, so 200 more are allowed)
    col = len("def ping(host: ") + len("list[") * 199 + len("list") + 1
    assert f"pkg/mod.py:5:{col}: error: syntax error: too many nested parentheses" in (
        result.stderr
    )


def test_nesting_python_accepts_still_builds(here: Path) -> None:
    result = build(here, _nested(150) + '    """Ping."""\n')
    assert result.exit_code == 0, result.stderr
    assert "type is nested too deeply; described as a string" in result.stderr


@pytest.mark.parametrize(
    "line",
    [
        "x = " + "-" * 5000 + "1",  # deeper than Python compiles: RecursionError
        "x = " + "not " * 60000 + "1",  # MemoryError
        "x = (" + " or ".join(["a"] * 10000) + ")",  # Python accepts; flat to it, not to libcst
        "type X = int\nx = " + "(" * 3000 + "1" + ")" * 3000,  # newer syntax, then deep
        "type X = int\nx = " + "-" * 20000 + "1",
    ],
    ids=["unary-chain", "not-chain", "or-chain", "newer-syntax-brackets", "newer-syntax-chain"],
)
def test_deep_nesting_in_a_real_process_is_a_message_not_a_crash(here: Path, line: str) -> None:
    write_tree(here, {"pkg/ok.py": HEAD + TOOL})
    (here / "pkg" / "deep.py").write_text(line + "\n")
    result = run_process(here, "build", "pkg", "--no-cache")
    if result.returncode == 0:  # this Python compiles it (3.10 does the unary chain): built
        assert _python_compiles(line), result.stderr[-2000:]
        return
    assert result.returncode == 3, (result.returncode, result.stderr[-2000:])
    assert "pkg/deep.py:" in result.stderr
    assert "error: " in result.stderr and "internal error" not in result.stderr


def _python_compiles(line: str) -> bool:
    """Whether this Python parses ``line`` (in a child: too deep a line may crash it)."""
    probe = "import ast, sys\nast.parse(sys.stdin.read())\n"
    done = subprocess.run([sys.executable, "-c", probe], input=line, capture_output=True, text=True)
    return done.returncode == 0


def test_a_deep_annotation_in_a_real_process_is_a_syntax_error(here: Path) -> None:
    """The reported case: from about 2,000 levels libcst's parser overflowed the stack."""
    write_tree(here, {"pkg/ok.py": HEAD + TOOL})
    (here / "pkg" / "mod.py").write_text(_nested(5000) + '    """Ping."""\n')
    result = run_process(here, "build", "pkg", "--no-cache")
    assert result.returncode == 3, (result.returncode, result.stderr[-2000:])
    assert "pkg/mod.py:5:" in result.stderr
    assert "error: syntax error: too many nested parentheses" in result.stderr


def test_a_deeply_nested_string_annotation_is_described_as_a_string(here: Path) -> None:
    """Python accepts the file (the nesting is inside a string); libcst must not parse it."""
    deep = "list[" * 5000 + "int" + "]" * 5000
    (here / "pkg").mkdir()
    (here / "pkg" / "mod.py").write_text(
        HEAD + f'@tool\ndef ping(host: "{deep}") -> None:\n    """Ping."""\n'
    )
    result = run_process(here, "build", "pkg", "--no-cache")
    assert result.returncode == 0, (result.returncode, result.stderr[-2000:])
    assert "the annotation is nested too deeply" in result.stderr


@pytest.mark.parametrize(
    "statement",
    [
        "x = a" + ".b" * 1500,  # a dotted name Python accepts
        "from ..... import far\nx = " + "-" * 2000 + "1",  # a place looked up in libcst's tree
    ],
)
def test_long_chains_python_accepts_build(here: Path, statement: str) -> None:
    result = build(here, HEAD + statement + "\n" + TOOL.replace("host: str", "host: x"))
    assert result.exit_code == 0, result.stderr
    assert "internal error" not in result.stderr


def test_a_relative_import_beyond_the_top_is_placed_on_its_line(here: Path) -> None:
    result = build(here, HEAD + "x = 1\nfrom ..... import far\n" + TOOL)
    assert result.exit_code == 0, result.stderr
    assert (
        "pkg/mod.py:5:1: warning: relative import goes beyond the top-level package"
        in result.stderr
    )


# --- 5. files that are not regular, or too large ------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_or_a_device_is_skipped_not_read(here: Path) -> None:
    write_tree(here, {"pkg/ok.py": HEAD + TOOL})
    os.mkfifo(here / "pkg" / "x.py")
    (here / "pkg" / "zero.py").symlink_to("/dev/zero")
    result = run_process(here, "build", "pkg", timeout=30)
    assert result.returncode == 0, result.stderr
    assert "ping" in (here / "pkg" / "tool_schemas.py").read_text()
    result = run_process(here, "build", "pkg/x.py", "--out", "pkg/one.py", timeout=30)
    assert result.returncode == 0, result.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_discovery_says_which_files_it_skips(here: Path) -> None:
    write_tree(here, {"pkg/ok.py": TOOL})
    os.mkfifo(here / "pkg" / "x.py")
    (here / "pkg" / "zero.py").symlink_to("/dev/zero")
    (here / "pkg" / "gone.py").symlink_to(here / "missing.py")
    diags = Diagnostics()
    found = discover((here / "pkg",), frozenset(), cwd=here, diags=diags)
    assert [f.display for f in found] == ["pkg/ok.py"]
    assert [d.format() for d in diags.sorted()] == [
        "pkg/x.py:1:1: warning: not a regular file but a FIFO (named pipe); skipped, since "
        "reading it could block or never end",
        "pkg/zero.py:1:1: warning: not a regular file but a character device; skipped, since "
        "reading it could block or never end",
    ]


def test_a_file_over_the_size_limit_is_an_error_unread(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_tree(here, {"pkg/ok.py": HEAD + TOOL})
    with open(here / "pkg" / "huge.py", "wb") as handle:
        handle.truncate(MAX_SOURCE_BYTES + 1)  # sparse: no time or disk spent
    read = Path.read_bytes

    def guarded(self: Path) -> bytes:
        assert self.name != "huge.py", "the file was read"
        return read(self)

    monkeypatch.setattr(Path, "read_bytes", guarded)
    result = CliRunner().invoke(main, ["build", "pkg"])
    assert result.exit_code == 3, result.stderr
    assert (
        f"pkg/huge.py:1:1: error: the file is {MAX_SOURCE_BYTES + 1:,} bytes, more than the "
        f"{MAX_SOURCE_BYTES:,} toolgen reads"
    ) in result.stderr
    diags = Diagnostics()
    found = discover((here / "pkg",), frozenset(), cwd=here, diags=diags)
    assert [f.display for f in found] == ["pkg/ok.py"]
    assert [d.code for d in diags.items] == ["file-too-large"]


def test_a_large_output_of_toolgens_is_no_source_past_the_limit(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another target's generated module (14 MB on the benchmark's medium size) in a scanned
    folder is recognised by its header, not refused for its size."""
    import toolgen.discover

    monkeypatch.setattr(toolgen.discover, "MAX_SOURCE_BYTES", 1000)
    write_tree(here, {"pkg/ok.py": HEAD + TOOL})
    assert CliRunner().invoke(main, ["build", "pkg", "--out", "pkg/gen.py"]).exit_code == 0
    assert (here / "pkg/gen.py").stat().st_size > 1000
    result = CliRunner().invoke(main, ["build", "pkg", "--out", "pkg/other.py"])
    assert result.exit_code == 0, result.stderr
    assert "pkg/gen.py:1:1: warning: generated by toolgen, but no target writes it" in result.stderr


# --- 6. parameters a dispatcher cannot pass -----------------------------------------------


def test_a_positional_only_parameter_is_an_error_at_it(here: Path) -> None:
    result = build(
        here, HEAD + '@tool\ndef ping(host: str, /, port: int) -> None:\n    """Ping."""\n'
    )
    assert result.exit_code == 3, result.stderr
    assert (
        "pkg/mod.py:5:10: error: tool 'ping': parameter 'host' is positional-only (before '/'), "
        "but a tool is called with keyword arguments (ping(**arguments)), which cannot pass it"
    ) in result.stderr


def test_a_positional_only_parameter_the_framework_injects_is_fine(build_pkg) -> None:
    built = build_pkg(
        {
            "pkg/mod.py": "from toolgen import tool\nfrom fw import Ctx\n"
            '@tool\ndef ping(ctx: Ctx, /, host: str) -> None:\n    """Ping."""\n'
        },
        injected_types=("fw.Ctx",),
    )
    assert list(built.params("ping")["properties"]) == ["host"]


@pytest.mark.parametrize(
    "source,accepted",
    [
        # Pydantic AI (and the OpenAI Agents SDK) pass positional-only parameters by position
        ("from pydantic_ai import Agent\nagent = Agent('x')\n@agent.tool_plain\n", True),
        ("from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('x')\n@mcp.tool()\n", False),
    ],
    ids=["pydantic-ai", "mcp"],
)
def test_positional_only_is_refused_where_the_framework_calls_by_keyword(
    here: Path, source: str, accepted: bool
) -> None:
    result = build(here, source + 'def ping(host: str, /, port: int) -> None:\n    """Ping."""\n')
    assert result.exit_code == (0 if accepted else 3), result.stderr
    assert ("positional-only" in result.stderr) is not accepted


def test_an_unannotated_self_is_left_out_with_a_warning(here: Path) -> None:
    result = build(here, HEAD + '@tool\ndef ping(self, host: str) -> None:\n    """Ping."""\n')
    assert result.exit_code == 0, result.stderr
    assert (
        "pkg/mod.py:5:10: warning: tool 'ping': parameter 'self' is left out of the schema: an "
        "unannotated first 'self' is taken for a method's, but 'ping' is a module-level "
        "function, so a dispatcher's ping(**arguments) will not pass it"
    ) in result.stderr
    text = out_text(here)
    assert '"self"' not in text and '"host"' in text


# --- 7. docstring lines -------------------------------------------------------------------


@pytest.mark.parametrize("char", ["\u2028", "\u2029", "\x85", "\x0c", "\x0b", "\x1c", "\x1e"])
def test_only_python_line_breaks_end_a_docstring_line(char: str) -> None:
    doc = parse(f"Summary{char}still summary.\n\nArgs:\n    x: raw{char}still desc.\n")
    assert doc.summary == f"Summary{char}still summary."
    assert doc.params["x"].description == f"raw{char}still desc."
    assert doc.params["x"].line == 3
    assert split_lines(f"a{char}b\r\nc\rd\n") == [f"a{char}b", "c", "d"]


@pytest.mark.parametrize("written", ["\\u2028", "\u2028"], ids=["escape", "character"])
def test_a_line_separator_in_an_args_entry_keeps_the_description(here: Path, written: str) -> None:
    source = HEAD + (
        "@tool\ndef ping(host: str) -> None:\n"
        f'    """Ping.\n\n    Args:\n        host: raw{written}still desc.\n    """\n'
    )
    result = build(here, source)
    assert result.exit_code == 0, result.stderr
    namespace: dict[str, object] = {}
    exec(out_text(here), namespace)
    (tool,) = namespace["TOOLS"]  # type: ignore[misc]
    assert tool["parameters"]["properties"]["host"]["description"] == "raw\u2028still desc."


# --- 8. control characters in diagnostics -------------------------------------------------


def test_control_characters_in_a_name_are_shown_escaped(here: Path) -> None:
    result = build(here, HEAD + '@tool(name="a\\x1b[31mb\\x07")\n' + TOOL.split("\n", 1)[1])
    assert result.exit_code == 3
    assert "pkg/mod.py:4:2: error: tool name 'a\\x1b[31mb\\x07' is not valid" in result.stderr
    assert "\x1b" not in result.stderr and "\x07" not in result.stderr


def test_control_characters_in_a_typeddict_key_are_shown_escaped(here: Path) -> None:
    source = HEAD + (
        'from typing import TypedDict\nT = TypedDict("T", {"a\\x07b\\x1b[2J": int})\n'
        '@tool\ndef ping(host: T) -> None:\n    """Ping."""\n'
    )
    result = build(here, source, "--provider", "gemini")
    assert result.exit_code == 0, result.stderr
    assert "property name 'a\\x07b\\x1b[2J' is not accepted by Gemini" in result.stderr
    assert "\x1b" not in result.stderr and "\x07" not in result.stderr


def test_a_diagnostic_prints_on_one_line_as_it_reads() -> None:
    message = "name 'a\nb\rc\td\x1be\x07f\x7fg\x9bh\u202ei\u2028j\udcffk' 中 é \\d"
    shown = Diagnostic(Severity.ERROR, message, SourceSpan("p\x1b.py", 2, 3)).format()
    assert shown == (
        "p\\x1b.py:2:3: error: name 'a\\nb\\rc\\td\\x1be\\x07f\\x7fg\\x9bh\\u202ei\\u2028j\\udcffk'"
        " 中 é \\d"
    )
    shown.encode("utf-8")  # a lone surrogate would fail here
    plain = Diagnostic(Severity.WARNING, "tool 'f': fine", SourceSpan("p.py"))
    assert plain.format() == "p.py:1:1: warning: tool 'f': fine"
