"""libcst parses each file without the function bodies toolgen never reads (each stands as
``...``): the scan, positions included, is exactly the scan of the whole file, on real code and
on the shapes a cut must keep valid; and the cut text is what libcst parses."""

from __future__ import annotations

import ast
import sysconfig
from pathlib import Path

import libcst as cst
import pytest

from toolgen.scan import gather
from toolgen.scan.gather import _Gatherer, gather_text
from toolgen.scan.hollow import STAND_IN, hollow
from toolgen.scan.model import ModuleScan
from toolgen.scan.positions import _walk

ROOT = Path(__file__).resolve().parents[2]
STDLIB = Path(sysconfig.get_paths()["stdlib"])


def _whole(monkeypatch: pytest.MonkeyPatch, text: str) -> ModuleScan:
    """The scan of ``text`` with libcst given the whole file."""
    with monkeypatch.context() as patch:
        patch.setattr(gather, "hollow", lambda *_: None)
        return gather_text(text, "m.py", "pkg.m")


def _cut(text: str) -> str:
    tree = ast.parse(text)
    assert isinstance(tree, ast.Module)
    hollowed = hollow(text, _walk(tree.body, False))
    assert hollowed is not None
    return hollowed.text


def _real_files() -> list[Path]:
    files = [
        *sorted((STDLIB / "json").glob("*.py")),
        *sorted((STDLIB / "email").glob("*.py")),
        *(STDLIB / name for name in ("dataclasses.py", "enum.py", "functools.py")),
        *sorted((ROOT / "examples").rglob("*.py")),
        # The golden cases are made-up walls of signatures and data (each a test of a type or
        # a limit), not real code: they are scanned, not counted (see ``_counted``).
        *sorted((ROOT / "tests" / "cases").rglob("*.py")),
        *sorted((ROOT / "src" / "toolgen" / "scan").glob("*.py")),
    ]
    return [f for f in files if f.is_file()]


def _counted(path: Path) -> bool:
    return (ROOT / "tests" / "cases") not in path.parents


def test_real_code_scans_the_same_with_the_bodies_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    files = _real_files()
    assert len(files) > 80
    cut = total = 0
    for path in files:
        text = gather.decode_source(path.read_bytes(), "m.py", gather.Diagnostics())
        if text is None:
            continue
        scan = gather_text(text, "m.py", "pkg.m")
        assert scan == _whole(monkeypatch, text), path
        try:
            tree = ast.parse(text)
        except SyntaxError:
            continue  # nothing is cut from a file Python refuses
        assert isinstance(tree, ast.Module)
        hollowed = hollow(text, _walk(tree.body, False))
        if hollowed is not None:
            cst.parse_module(hollowed.text)  # the cut text is valid: libcst parses it, not the file
        if _counted(path):
            cut += len(text) - len(hollowed.text) if hollowed is not None else 0
            total += len(text)
    assert cut > total // 2  # most of real code's text is bodies: libcst is spared it


SHAPES = {
    "docstring kept, statements cut": (
        '@tool\ndef ping(host: str) -> str:\n    """Ping a host."""\n'
        "    secret_body = host * 2\n    return secret_body\n"
    ),
    "no docstring": "def ping(host: str) -> str:\n    secret_body = 1\n    return str(secret_body)\n",
    "one-line suite": "def ping(host: str) -> int: secret_body = 1; return secret_body\n",
    "docstring and statement on one line": (
        'def ping(host: str) -> int:\n    "Ping."; secret_body = 1; return secret_body\n'
    ),
    "multi-line signature, body on its last line": (
        "def ping(\n    host: str,\n    port: int = 80,\n): return secret_body(host)\n"
    ),
    "a semicolon after a multi-line last statement": (
        "def ping(host: str) -> None:\n    secret_body = (\n        1\n    );\n\nX = 1\n"
    ),
    "comments and blank lines in and after the body": (
        "def ping(host: str) -> None:\n    '''Doc.'''\n    # before\n    secret_body = 1\n\n"
        "    # inside\n    return None  # trailing\n    # after\n\n\nLIMIT: int = 5\n"
    ),
    "methods, fields and a nested class": (
        "class Order(BaseModel):\n    '''An order.'''\n    id: int\n    kind: str = 'a'\n\n"
        "    class Config:\n        frozen = True\n\n    @field_validator('id')\n"
        "    def check(cls, v: int) -> int:\n        secret_body = v\n        return v\n"
    ),
    "tools in TYPE_CHECKING, if/else and try blocks": (
        "if TYPE_CHECKING:\n    def a(x: int) -> int:\n        return secret_body\n"
        "else:\n    def b(x: int) -> int:\n        return secret_body\n"
        "try:\n    def c(x: int) -> int:\n        return secret_body\n"
        "except ImportError:\n    def d(x: int) -> int:\n        return secret_body\n"
        "finally:\n    LIMIT = 3\n"
    ),
    "nested functions and classes in a body": (
        "def register(mcp):\n    @mcp.tool()\n    def inner(x: int) -> int:\n"
        "        return secret_body\n    class Local:\n        y: int\n    return inner\n"
    ),
    "async def and generators": (
        "async def fetch(url: str) -> bytes:\n    async with open(url) as f:\n"
        "        yield secret_body(await f.read())\n"
    ),
    "non-ASCII before and in the body": (
        "café = 'crème'\n\ndef prix(montant: float = 1.5) -> str:\n    '''Le prix, en €.'''\n"
        "    secret_body = f'{montant} € — ☕'\n    return secret_body\n\nÉTAT: str = 'ok'\n"
    ),
    "CRLF and lone CR line ends": (
        "def a(x: int) -> int:\r\n    '''Doc.'''\r\n    return secret_body\r\n\r\n"
        "def b(y: str) -> str:\r    return secret_body\r\rLIMIT = 4\r"
    ),
    "a body Python accepts and libcst refuses": (
        "def ping(host: str) -> None:\n    '''Ping.'''\n    (secret_body): int\n"
        "    print(secret_body)\n\nLIMIT = 2\n"
    ),
}


@pytest.mark.parametrize("text", SHAPES.values(), ids=SHAPES.keys())
def test_each_shape_cuts_to_valid_code_and_scans_the_same(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    hollowed = _cut(text)
    assert "secret_body" not in hollowed
    assert STAND_IN in hollowed
    ast.parse(hollowed)  # still Python
    cst.parse_module(hollowed)  # and libcst reads it
    scan = gather_text(text, "m.py", "pkg.m")
    if "(secret_body): int" in text:
        # libcst refuses the whole file, which Python accepts; toolgen now reads it
        whole = _whole(monkeypatch, text)
        assert [d.message.split(":")[0] for d in whole.diagnostics] == ["syntax error"]
        assert not scan.diagnostics and [f.name for f in scan.functions] == ["ping"]
        assert scan.aliases[0].span.line == 6
    else:
        assert scan == _whole(monkeypatch, text)


def test_what_libcst_parses_is_the_cut_text(monkeypatch: pytest.MonkeyPatch) -> None:
    parsed: list[str] = []
    parse = cst.parse_module

    def recorded(source: str) -> cst.Module:
        parsed.append(source)
        return parse(source)

    monkeypatch.setattr(gather.cst, "parse_module", recorded)
    text = SHAPES["docstring kept, statements cut"]
    gather_text(text, "m.py", "pkg.m")
    assert parsed == [_cut(text)]


def test_a_cut_libcst_refuses_is_read_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    text = SHAPES["docstring kept, statements cut"]
    whole = _whole(monkeypatch, text)
    real = gather.hollow

    def broken(source: str, statements: object) -> object:
        hollowed = real(source, statements)  # type: ignore[arg-type]
        assert hollowed is not None
        return type(hollowed)(hollowed.text + "def (:\n", hollowed.ends, hollowed.removed)

    monkeypatch.setattr(gather, "hollow", broken)
    assert gather_text(text, "m.py", "pkg.m") == whole


def test_offsets_in_the_cut_text_map_back_to_the_file() -> None:
    text = (
        SHAPES["non-ASCII before and in the body"]
        + SHAPES["comments and blank lines in and after the body"]
    )
    tree = ast.parse(text)
    assert isinstance(tree, ast.Module)
    hollowed = hollow(text, _walk(tree.body, False))
    assert hollowed is not None
    stand_ins = {end - i for end in hollowed.ends for i in range(1, len(STAND_IN) + 1)}
    for offset, char in enumerate(hollowed.text):
        if offset not in stand_ins:
            assert text[hollowed.original_offset(offset)] == char, offset


def test_a_position_libcst_gives_after_a_cut_is_the_file_s_own() -> None:
    text = SHAPES["non-ASCII before and in the body"]
    tree = ast.parse(text)
    assert isinstance(tree, ast.Module)
    hollowed = hollow(text, _walk(tree.body, False))
    assert hollowed is not None
    module = cst.parse_module(hollowed.text)
    gatherer = _Gatherer(module, None, "m.py", "m", False, gather.Diagnostics(), hollowed, text)
    last = module.body[-1]  # ÉTAT: str = 'ok', on line 8 of the file, 7 of the cut text
    span = gatherer.span(("no such key",), last)
    assert (span.line, span.col) == (8, 1)
    assert text.splitlines()[span.line - 1].startswith("ÉTAT")
