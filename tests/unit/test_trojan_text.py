"""Text that would lie to a reviewer or a terminal (issue 24, class 7): invisible and reordering
characters are escaped in every string of the generated module, in its comments and its
docstring; ``toolgen diff`` output is inert Markdown and plain terminal text; and a name is
published as Python binds it (NFKC)."""

from __future__ import annotations

import ast
import json
import re
import unicodedata

import pytest

from toolgen.diff.model import Change, Cost, DiffResult, TargetDiff, ToolCost
from toolgen.diff.report import to_json, to_markdown, to_text
from toolgen.errors import Diagnostic, Severity, SourceSpan
from toolgen.render.escape import comment_text, docstring_text
from toolgen.render.literal import assignment, list_item, string

HIDDEN = [
    "\u202a",  # LEFT-TO-RIGHT EMBEDDING ... U+202E RIGHT-TO-LEFT OVERRIDE
    "\u202b",
    "\u202c",
    "\u202d",
    "\u202e",
    "\u2066",  # isolates
    "\u2067",
    "\u2068",
    "\u2069",
    "\u200b",  # zero-width space, non-joiner, joiner, LRM, RLM
    "\u200c",
    "\u200d",
    "\u200e",
    "\u200f",
    "\u2028",  # line and paragraph separators
    "\u2029",
    "\ufeff",  # BOM / zero-width no-break space
    "\u00ad",  # soft hyphen
    "\u061c",  # Arabic letter mark
    "\u2060",  # word joiner
    "\u2064",  # invisible plus
    "\u180e",  # Mongolian vowel separator
    "\u034f",  # combining grapheme joiner
    "\ufe0f",  # variation selector 16
    "\U000e0100",  # variation selector 17
    "\U000e0041",  # tag LATIN CAPITAL LETTER A
    "\U000e007f",  # cancel tag
    "\u3164",  # Hangul filler (a letter that shows nothing)
    "\u115f",
    "\u2800",  # blank Braille pattern
    "\u00a0",  # no-break space, and other spaces than U+0020
    "\u2003",
    "\u3000",
    "\x1b",  # controls
    "\x7f",
    "\x85",
    "\x9b",
    "\ue000",  # private use
    "\U000f0000",
    "\U0010ffff",  # unassigned
    "\U0001fae8",  # assigned in Unicode 15 (an emoji): unknown to Python 3.10 and 3.11
]

SHOWN = ["é", "中", "Ж", "ש", "ك", "€", "—", "“", "\u0301"]


def _raw_hidden(text: str) -> list[str]:
    return [c for c in text if c in HIDDEN]


@pytest.mark.parametrize("char", HIDDEN)
def test_a_hidden_character_in_a_string_literal_is_written_as_its_escape(char: str) -> None:
    value = f"rm -rf /{char}# ok"
    text = string(value)
    assert _raw_hidden(text) == []
    assert text.isascii()
    assert ast.literal_eval(text) == value


@pytest.mark.parametrize("char", SHOWN)
def test_a_visible_character_is_written_as_it_is(char: str) -> None:
    assert string(f"a{char}b") == f'"a{char}b"'


def test_keys_and_values_of_every_nesting_are_escaped() -> None:
    value = {"na\u202eme": ["x\u2066y", {"k\u200b": "v\ufe0f"}], "d": "\u00ad"}
    for text in (assignment("X", "", value, 40), list_item(value, 40)):
        assert _raw_hidden(text) == []
    assert ast.literal_eval(assignment("X", "", value).partition(" = ")[2]) == value


@pytest.mark.parametrize("char", HIDDEN)
def test_a_file_name_in_a_comment_or_the_docstring_is_escaped(char: str) -> None:
    name = f"pkg/a{char}b.py"
    assert _raw_hidden(comment_text(name)) == []
    assert _raw_hidden(docstring_text(name)) == []
    assert "\\" in comment_text(name)


def test_a_built_module_holds_no_hidden_character_and_the_values_are_exact(build_pkg) -> None:
    bidi = "Transfer\u202e;)(lave\u2066 to the admin\u2069"
    built = build_pkg({"pkg/mod.py": f'''
            from typing import Literal
            from toolgen import tool

            @tool
            def send(
                mode: Literal["fast\\u202e", "slow\\u200b"],
                note: str = "zero\\u200bwidth\\ufeff",
                tags: dict[str, str] = {{"k\\u2066": "v\\U000e0041"}},
            ) -> None:
                """{bidi}

                Args:
                    mode: how, \u2028quickly\u2029.
                    note: soft\u00adhyphen.
                """
            '''})
    assert _raw_hidden(built.text) == []
    tool = built.tools["send"]
    assert tool["description"] == bidi
    props = tool["parameters"]["properties"]
    assert props["mode"]["enum"] == ["fast\u202e", "slow\u200b"]
    assert props["note"]["default"] == "zero\u200bwidth\ufeff"
    assert props["tags"]["default"] == {"k\u2066": "v\U000e0041"}


# --- toolgen diff's output ------------------------------------------------------------------

MARKUP = (
    "evil`` <img src=x onerror=alert(1)> <b>bold</b> [click](https://evil.example) "
    "https://evil.example www.evil.example a@evil.example &amp; |cell| **b** _i_ ~~s~~ "
    "\u202egnp.exe\n# heading\r\n- item"
)
TERMINAL = "\x1b[2J\x1b]8;;https://evil.example\x07link\x1b]8;;\x07\x9b31m\x1b[0m\u202e"


def _result(text: str) -> DiffResult:
    change = Change(
        "parameter-removed",
        text,
        "/properties/" + text,
        f"parameter '{text}' removed",
        provider="openai",
        source=f"{text}:3",
        old={"type": text},
    )
    cost = Cost("openai", "OPENAI_TOOLS", 10, 20, (ToolCost(text, 10, 20),))
    target = TargetDiff(text, text, text, (change,), (cost,), 1, 1)
    return DiffResult(text, (target,))


def _html(markdown: str) -> str:
    import cmarkgfm  # GitHub's own renderer of comments
    from cmarkgfm.cmark import Options

    # raw HTML kept (GitHub keeps what its sanitizer allows): any tag that toolgen did not
    # write itself shows
    return cmarkgfm.github_flavored_markdown_to_html(markdown, options=Options.CMARK_OPT_UNSAFE)


OWN_TAGS = {"h2", "h3", "h4", "p", "code", "table", "thead", "tbody", "tr", "th", "td", "strong"}
OWN_TAGS |= {"ul", "li", "details", "summary"}


def _code_texts(html: str) -> list[str]:
    import html as html_module

    return [html_module.unescape(m) for m in re.findall(r"<code>(.*?)</code>", html, re.S)]


@pytest.mark.parametrize("text", [MARKUP, "`", "``x``", " ` ", "a|b", "x\\", "\\`"])
def test_markdown_shows_every_outside_value_in_a_code_span_it_cannot_leave(text: str) -> None:
    markdown = to_markdown(_result(text))
    html = _html(markdown)
    assert {tag.lower() for tag in re.findall(r"</?([A-Za-z][A-Za-z0-9]*)", html)} <= OWN_TAGS
    shown = "".join(c if c not in "\r\n" and c != "\u202e" else "" for c in text)
    codes = _code_texts(html)
    # the name, the output, the revisions, the source, the pointer and the message, each whole
    # in its code span (line breaks and the override as visible escapes)
    whole = [
        c for c in codes if c.replace("\\r", "").replace("\\n", "").replace("\\u202e", "") == shown
    ]
    assert len(whole) >= 6, codes
    assert all("\u202e" not in c and "\n" not in c for c in codes)


def test_a_pipe_in_a_name_does_not_split_the_table_cell() -> None:
    html = _html(to_markdown(_result("a|b|c")))
    tables = re.findall(r"<table>(.*?)</table>", html, re.S)
    assert len(tables) == 3  # the summary (4 columns), the constants (6), the tools (5)
    for table, width in zip(tables, (4, 6, 5)):
        body = re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>")[1], re.S)
        assert body and all(row.count("<td") == width for row in body), body
    rows = re.findall(r"<tr>(.*?)</tr>", html, re.S)
    assert any("<code>a|b|c</code>" in row for row in rows)


def test_the_text_format_sends_no_control_to_the_terminal() -> None:
    out = to_text(_result(TERMINAL))
    assert not any(unicodedata.category(c) in ("Cc", "Cf") and c != "\n" for c in out), repr(out)
    assert "\\x1b[2J" in out and "\\x9b31m" in out and "\\u202e" in out


def test_json_keeps_the_values_and_writes_hidden_characters_as_escapes() -> None:
    out = to_json(_result(TERMINAL + MARKUP))
    assert not any(unicodedata.category(c) in ("Cc", "Cf") and c != "\n" for c in out)
    data = json.loads(out)
    assert data["targets"][0]["changes"][0]["tool"] == TERMINAL + MARKUP


# --- names as Python binds them (NFKC) ------------------------------------------------------


def test_a_parameter_a_field_and_a_tool_are_published_as_python_binds_them(build_pkg) -> None:
    built = build_pkg({"pkg/mod.py": '''
            from typing import Literal, TypedDict
            from toolgen import tool

            ｍode = Literal["fast", "slow"]

            class Ａddress(TypedDict):
                ｃity: str
                ﬁle: str

            @tool
            def ｆetch(ｈost: str, where: Address, how: mode = "fast", sizｅ: int = 1) -> None:
                """Fetch.

                Args:
                    host: the host.
                    sizｅ: how many.
                """
            '''})
    assert list(built.tools) == ["fetch"]
    params = built.params("fetch")
    assert list(params["properties"]) == ["host", "where", "how", "size"]
    assert params["properties"]["host"]["description"] == "the host."
    assert params["properties"]["size"]["description"] == "how many."
    assert params["properties"]["how"]["enum"] == ["fast", "slow"]
    published = json.dumps(built.tools["fetch"], ensure_ascii=False)
    assert '"city"' in published and '"file"' in published and "ｃ" not in published
    notes = [d for d in built.diagnostics if "NFKC" in d]
    assert any(":11:1:" in d and "'ｆetch'" in d and "'fetch'" in d for d in notes), notes
    assert any(":11:" in d and "'ｈost'" in d and "'host'" in d for d in notes), notes
    assert any(":7:" in d and "'ｃity'" in d and "'city'" in d for d in notes), notes


def test_only_tools_names_and_what_they_use_are_said_to_be_normalised(build_pkg) -> None:
    # A helper function, its parameter and a model no tool uses are not the tools' surface:
    # Python binds them as it binds any name, and there is nothing to publish or to warn of.
    built = build_pkg({"pkg/mod.py": '''
            from typing import TypedDict
            from toolgen import tool

            class Ｕnused(TypedDict):
                ｗhere: str

            class Used(TypedDict):
                ｃity: str

            def ｈelper(ｘ: int) -> int:
                return ｘ

            @tool
            def fetch(ａt: Used) -> None:
                """Fetch."""
            '''})
    said = "to Python (it reads identifiers NFKC-normalised): toolgen uses"
    assert sorted(built.diagnostics) == [
        f"pkg/mod.py:14:11: warning: the parameter 'ａt' is 'at' {said} 'at'",
        f"pkg/mod.py:8:5: warning: the field 'ｃity' is 'city' {said} 'city'",
    ]


def test_two_parameters_that_are_one_name_to_python_are_an_error(build_errors) -> None:
    errors = build_errors({"pkg/mod.py": '''
            from toolgen import tool

            @tool
            def ping(host: str, ｈost: int) -> None:
                """Ping."""
            '''})
    assert any("mod.py:4:" in e and "error" in e and "'host'" in e for e in errors), errors


def test_two_fields_that_are_one_name_to_python_are_an_error(build_errors) -> None:
    errors = build_errors({"pkg/mod.py": '''
            from typing import TypedDict
            from toolgen import tool

            class Point(TypedDict):
                x: int
                ｘ: str

            @tool
            def move(to: Point) -> None:
                """Move."""
            '''})
    assert any("mod.py:6:" in e and "error" in e and "'x'" in e for e in errors), errors


@pytest.mark.parametrize("char", HIDDEN)
def test_a_diagnostic_prints_every_hidden_character_as_its_escape(char: str) -> None:
    line = Diagnostic(Severity.WARNING, f"name 'a{char}b'", SourceSpan(f"p{char}.py")).format()
    assert _raw_hidden(line) == []


def test_toolgen_show_prints_no_control_to_the_terminal(tmp_path, monkeypatch) -> None:
    from click.testing import CliRunner

    from toolgen.cli import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "tools.py").write_text(
        'from toolgen import tool\n\n@tool\ndef ping(host: str = "\\x9b31m\\u202e") -> None:\n'
        '    """Ping \\u2066x\\u2069 \\U000e0041."""\n',
        encoding="utf-8",
    )
    done = CliRunner().invoke(main, ["show", "tools.py::ping"])
    assert done.exit_code == 0, done.output
    assert not any(unicodedata.category(c) in ("Cc", "Cf") and c != "\n" for c in done.output)
    assert json.loads(done.stdout)["parameters"]["properties"]["host"]["default"] == "\x9b31m\u202e"
