"""The cache: byte-identical results with and without it, through edits to shared types, added
and removed modules; corrupt, truncated, foreign or crafted entries ignored, never trusted.

Entries are authenticated (see ``test_cache_trust.py`` for tampering); here damaged entries are
also *re-signed* with the session's secret, to show that an entry of the wrong shape is
ignored even when it verifies."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import toolgen.scan
from tests.conftest import REPO
from toolgen import api, pipeline
from toolgen.config import Config, Target
from toolgen.engine import workers
from toolgen.engine.keys import wheel_files
from toolgen.engine.store import FORMAT, UNUSED_DAYS, Store, cache_secret

CASE = REPO / "tests" / "cases" / "cross_module" / "input"


def _build(root: Path, cache: Path | None) -> str:
    target = Target(paths=(root / "app",), out=root / "out.py")
    plan = api.plan(Config((target,)), cwd=root, use_cache=cache is not None, cache_dir=cache)
    api.write(plan)
    return (root / "out.py").read_text()


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    shutil.copytree(CASE, tmp_path / "src")
    return tmp_path / "src"


def _fresh(root: Path) -> str:
    (root / "out.py").unlink(missing_ok=True)
    return _build(root, None)


EDITS = [
    ("a tool's docstring", "app/tools/support.py", "Open a ticket.", "Open a new ticket."),
    (
        "a shared enum, two imports away",
        "app/models/enums.py",
        'HIGH = "high"',
        'HIGH = "high"\n    MEDIUM = "medium"',
    ),
    (
        "a TypedDict field",
        "app/models/records.py",
        "    title: str\n",
        "    title: str\n    body: str\n",
    ),
    (
        "a re-export",
        "app/models/__init__.py",
        "from .records import Ticket as Ticket",
        "from .records import Ticket as Ticket  # re-exported",
    ),
]


def test_cache_on_and_off_give_the_same_bytes_through_edits(tree: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    assert _build(tree, cache) == _fresh(tree)
    for what, path, old, new in EDITS:
        file = tree / path
        file.write_text(file.read_text().replace(old, new))
        cached = _build(tree, cache)
        assert cached == _fresh(tree), what
    (tree / "app" / "tools" / "extra.py").write_text(
        "from toolgen import tool\nfrom ..models import Priority\n\n@tool\ndef triage(p: Priority) -> None:\n    'Triage.'\n"
    )
    assert _build(tree, cache) == _fresh(tree)
    (tree / "app" / "tools" / "extra.py").unlink()
    assert _build(tree, cache) == _fresh(tree)
    assert any(cache.rglob("*.entry"))


def test_cached_build_repeats_warnings(tree: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    target = Target(paths=(tree / "app",), out=tree / "out.py")
    first = api.plan(Config((target,)), cwd=tree, cache_dir=cache)
    api.write(first)
    again = api.plan(Config((target,)), cwd=tree, cache_dir=cache)
    assert again.files[0].text is None  # served by the output digest: nothing rebuilt
    assert again.diagnostics == first.diagnostics and first.diagnostics
    (tree / "out.py").write_text((tree / "out.py").read_text() + "# edited by hand\n")
    third = api.plan(Config((target,)), cwd=tree, cache_dir=cache)
    assert third.files[0].text is not None  # the file on disk changed: the digest no longer matches
    assert third.diagnostics == first.diagnostics


def test_a_quiet_no_op_never_decodes_the_cached_warnings(
    tree: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An output's warnings are its record's payload, decoded only for a run that prints them:
    thousands of them cost a quiet no-op nothing but the read (on 10,000 tools the record's
    JSON took 14 ms to decode)."""
    from toolgen.engine import entries

    cache = tmp_path / "cache"
    target = Target(paths=(tree / "app",), out=tree / "out.py")
    first = api.plan(Config((target,)), cwd=tree, cache_dir=cache)
    api.write(first)
    assert first.diagnostics
    decoded = entries._diagnostics

    def refused(rows: object) -> object:
        raise AssertionError("a quiet no-op decoded the cached warnings")

    from toolgen.engine import store

    read: list[int] = []
    loads = store.json.loads

    def counted(text: bytes | str) -> object:
        read.append(len(text))
        return loads(text)

    monkeypatch.setattr(entries, "_diagnostics", refused)
    monkeypatch.setattr(store.json, "loads", counted)
    quiet = api.plan(Config((target,)), cwd=tree, cache_dir=cache, warnings=False)
    monkeypatch.setattr(store.json, "loads", loads)
    assert quiet.files[0].text is None and quiet.diagnostics == ()  # served, nothing decoded
    rows = json.dumps([d.to_row() for d in first.diagnostics])
    assert read and sum(read) < len(rows), (read, len(rows))  # not even as JSON
    monkeypatch.setattr(entries, "_diagnostics", decoded)
    said = api.plan(Config((target,)), cwd=tree, cache_dir=cache)
    assert said.files[0].text is None and said.diagnostics == first.diagnostics


@pytest.mark.parametrize(
    "damage",
    [
        "garbage",
        "truncated",
        "other-version",
        "wrong-key",
        "wrong-shape",
        "empty",
        "lengths-short",
        "payload-extra",
    ],
)
def test_damaged_entries_are_ignored(tree: Path, tmp_path: Path, damage: str) -> None:
    cache = tmp_path / "cache"
    expected = _build(tree, cache)
    entries = sorted(cache.rglob("*.entry"))
    assert entries
    damaged = 0
    for entry in entries:
        data = entry.read_bytes()
        _, _, body = data.partition(b"\n")
        line, _, payload = body.partition(b"\n")
        if damage == "garbage":
            resign(entry, b"\x00\xff not json")
        elif damage == "truncated":
            resign(entry, body[: len(body) // 2])
        elif damage == "empty":
            entry.write_bytes(b"")
        else:
            loaded = json.loads(line)
            if damage == "other-version":
                loaded["toolgen"] = "0.0.0-other"
            elif damage == "wrong-key":
                loaded["key"] = "0" * 64
            elif damage == "payload-extra":
                if loaded.get("kind") != "module":
                    continue  # a layout's payload is its text: authenticated, not shaped
                payload += b"x"
            elif damage == "lengths-short":
                if not loaded.get("tools"):
                    continue
                first = loaded["tools"][0]["segments"]
                first["TOOLS"] -= 1  # the text would be cut, and the next one shifted
            elif "tools" in loaded:
                loaded["tools"] = [{"name": 1, "span": "x", "segments": None}]
                loaded["deps"] = {}
            else:
                loaded["diagnostics"] = [["error", 3]]
            resign(entry, json.dumps(loaded).encode() + b"\n" + payload)
        damaged += 1
    assert damaged
    (tree / "out.py").write_text("# Generated by toolgen 0.1.0. DO NOT EDIT.\nstale\n")
    assert _build(tree, cache) == expected


def test_unwritable_cache_is_skipped(tree: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the cache folder's parent should be")
    assert _build(tree, blocker / "cache") == _fresh(tree)
    assert blocker.read_text().startswith("a file")


def resign(entry: Path, body: bytes) -> None:
    """Write ``body`` as the entry's content, with a valid HMAC under the session's secret (as
    toolgen itself would): what only the shape checks can refuse."""
    namespace = entry.parent.parent
    store = Store(namespace.parent.parent, namespace.name, cache_secret())
    entry.write_bytes(store._mac(entry.stem, body) + b"\n" + body)


def read_entry(entry: Path) -> tuple[dict[str, Any], bytes]:
    """An entry's JSON header and payload (its HMAC aside)."""
    _, _, body = entry.read_bytes().partition(b"\n")
    line, _, payload = body.partition(b"\n")
    return json.loads(line), payload


def _rewrite_entries(
    cache: Path,
    kind: str,
    change: Callable[[dict[str, Any], bytes], bytes],
) -> int:
    """Apply ``change`` to the header and payload of every entry of ``kind`` (it edits the
    header in place and returns the payload), re-signed; how many there were."""
    count = 0
    for entry in cache.rglob("*.entry"):
        loaded, payload = read_entry(entry)
        if loaded.get("kind") == kind:
            payload = change(loaded, payload)
            resign(entry, json.dumps(loaded).encode() + b"\n" + payload)
            count += 1
    return count


class _Calls:
    """What a wrapped function was called with, one line each in a file: the calls of forked
    children (the workers, a rebuild's parse of its edited files) count too."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.write_text("")

    def record(self, value: str) -> None:
        with self.path.open("a", encoding="utf-8") as out:
            out.write(value + "\n")

    def __call__(self) -> list[str]:
        return self.path.read_text(encoding="utf-8").splitlines()

    def clear(self) -> None:
        self.path.write_text("")


def _record_calls(
    monkeypatch: pytest.MonkeyPatch, where: Path, owner: Any, name: str, what: Any
) -> _Calls:
    """Wrap ``owner.name`` so that each call records ``what(*args)``."""
    calls = _Calls(where / f"calls-{name}.txt")
    real = getattr(owner, name)

    def recording(*args: Any, **kwargs: Any) -> Any:
        calls.record(what(*args))
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, recording)
    return calls


def test_a_rebuilt_module_adapts_only_the_tools_whose_ir_changed(
    tree: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A shared type changes: every module importing it is rebuilt, but a tool that does not
    use the type keeps its text from the module's previous result."""
    cache = tmp_path / "cache"
    _build(tree, cache)
    adapted = _record_calls(monkeypatch, tmp_path, pipeline, "adapt", lambda *args: args[0].name)
    records = tree / "app" / "models" / "records.py"
    records.write_text(
        records.read_text().replace("    title: str\n", "    title: str\n    body: str\n")
    )
    cached = _build(tree, cache)
    assert set(adapted()) == {"open_ticket"}  # escalate and bulk_close do not use Ticket
    adapted.clear()
    assert cached == _fresh(tree)
    assert set(adapted()) == {"open_ticket", "escalate", "bulk_close"}  # the check can fail


def test_moved_tools_are_adapted_again_so_warnings_keep_their_places(
    tree: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    target = Target(paths=(tree / "app",), out=tree / "out.py")

    def warnings(use_cache: bool) -> list[str]:
        plan = api.plan(Config((target,)), cwd=tree, use_cache=use_cache, cache_dir=cache)
        api.write(plan)
        return [d.format() for d in plan.diagnostics]

    before = warnings(True)
    assert any("support.py:32:" in w for w in before)
    support = tree / "app" / "tools" / "support.py"
    support.write_text("# a new first line moves every tool down\n" + support.read_text())
    after = warnings(True)
    assert after == warnings(False)
    assert any("support.py:33:" in w for w in after) and not any(
        "support.py:32:" in w for w in after
    )


def test_only_the_edited_file_is_parsed_again(
    tree: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every module importing the edited enum is rebuilt, from the other files' cached scans."""
    cache = tmp_path / "cache"
    _build(tree, cache)
    scanned = _record_calls(
        monkeypatch, tmp_path, toolgen.scan, "scan_file", lambda *args: args[0].display
    )
    enums = tree / "app" / "models" / "enums.py"
    enums.write_text(
        enums.read_text().replace('HIGH = "high"', 'HIGH = "high"\n    MEDIUM = "medium"')
    )
    cached = _build(tree, cache)
    assert scanned() == ["app/models/enums.py"]
    assert cached == _fresh(tree)
    assert len(scanned()) > 1  # the uncached build parsed every file: the count can fail


@pytest.mark.skipif(not workers.can_fork(), reason="fork is unavailable here")
def test_an_edited_file_is_parsed_in_a_child_while_the_cache_is_read(
    tree: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rebuild after an edit begins parsing the files no cached scan holds in a child (which
    imports libcst for them) and reads its cache entries meanwhile; with ``TOOLGEN_JOBS=1``
    everything happens in this process."""
    monkeypatch.setenv(workers.JOBS_ENV, "2")
    if workers.workers() < 2:
        pytest.skip("one CPU here")
    cache = tmp_path / "cache"
    _build(tree, cache)
    scanned = _record_calls(
        monkeypatch, tmp_path, toolgen.scan, "scan_file", lambda *a: f"{a[0].display} {os.getpid()}"
    )
    enums = tree / "app" / "models" / "enums.py"
    enums.write_text(enums.read_text().replace('HIGH = "high"', 'HIGH = "high"\n    LOW = "low"'))
    cached = _build(tree, cache)
    assert scanned() == [f"app/models/enums.py {scanned()[0].split()[1]}"]
    assert scanned()[0].split()[1] != str(os.getpid())
    assert cached == _fresh(tree)
    scanned.clear()
    monkeypatch.setenv(workers.JOBS_ENV, "1")
    enums.write_text(enums.read_text().replace('LOW = "low"', 'LOW = "lowest"'))
    assert _build(tree, cache) == _fresh(tree)
    assert scanned()[0] == f"app/models/enums.py {os.getpid()}"


def test_a_damaged_scan_entry_is_ignored_and_the_file_parsed_again(
    tree: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    expected = _build(tree, cache)

    def damage(loaded: dict[str, Any], payload: bytes) -> bytes:
        loaded["scan"]["v"][1] = 42  # the module name, as a number
        return payload

    assert _rewrite_entries(cache, "scan", damage) >= 5
    support = tree / "app" / "tools" / "support.py"
    support.write_text(support.read_text().replace("Open a ticket.", "Open a new ticket."))
    assert _build(tree, cache) == _fresh(tree)
    assert _build(tree, cache) != expected


def test_the_cache_keeps_one_working_set_through_edits(tree: Path, tmp_path: Path) -> None:
    """An entry replaced by a newer one (for the same file, module or output) is deleted."""
    cache = tmp_path / "cache"
    _build(tree, cache)
    first = len(list(cache.rglob("*.entry")))
    for _, path, old, new in EDITS:
        file = tree / path
        file.write_text(file.read_text().replace(old, new))
        _build(tree, cache)
        assert len(list(cache.rglob("*.entry"))) == first, path
    (tree / "app" / "tools" / "support.py").write_text(
        (tree / "app" / "tools" / "support.py").read_text().replace("Open", "Start")
    )
    assert _build(tree, cache) == _fresh(tree)


def test_namespaces_unused_for_a_month_are_removed(tree: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _build(tree, cache)
    (ours,) = (cache / f"v{FORMAT}").iterdir()
    stale, recent = cache / f"v{FORMAT}" / "0123456789abcdef", cache / f"v{FORMAT}" / "fedcba98"
    old_format = cache / "v1" / "00aa"  # a namespace of an earlier format
    entry = "ab/" + "a" * 64 + ".entry"
    for folder, days in ((stale, UNUSED_DAYS + 1), (recent, UNUSED_DAYS - 1), (old_format, 40)):
        (folder / "ab").mkdir(parents=True)
        (folder / entry).write_text("{}")
        (folder / ".used").touch()
        when = time.time() - days * 86400
        os.utime(folder / ".used", (when, when))
    support = tree / "app" / "tools" / "support.py"
    support.write_text(support.read_text().replace("Open a ticket.", "Open a new ticket."))
    _build(tree, cache)  # a run that stores entries prunes
    assert not stale.exists() and (recent / entry).exists() and ours.exists()
    assert not (cache / "v1").exists()  # its last namespace gone, the format's folder too


def test_a_quiet_plan_leaves_warnings_out_cached_or_not(tree: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    target = Target(paths=(tree / "app",), out=tree / "out.py")
    loud = api.plan(Config((target,)), cwd=tree, cache_dir=cache)
    assert loud.diagnostics
    api.write(loud)
    for use_cache in (True, False):
        quiet = api.plan(
            Config((target,)), cwd=tree, use_cache=use_cache, cache_dir=cache, warnings=False
        )
        assert quiet.diagnostics == ()
        assert (quiet.files[0].data is None) is use_cache  # the cached path was taken
    again = api.plan(Config((target,)), cwd=tree, cache_dir=cache)
    assert again.diagnostics == loud.diagnostics


def test_a_quiet_no_op_decodes_none_of_the_cached_warnings(
    tree: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from toolgen.engine import entries

    cache = tmp_path / "cache"
    target = Target(paths=(tree / "app",), out=tree / "out.py")
    api.write(api.plan(Config((target,)), cwd=tree, cache_dir=cache))
    decoded = _record_calls(monkeypatch, tmp_path, entries, "_diagnostics", lambda r: str(len(r)))
    quiet = api.plan(Config((target,)), cwd=tree, cache_dir=cache, warnings=False)
    assert quiet.files[0].data is None  # the no-op path
    assert decoded() == []
    loud = api.plan(Config((target,)), cwd=tree, cache_dir=cache)
    assert loud.files[0].data is None and loud.diagnostics
    assert decoded() == [str(len(loud.diagnostics))]  # decoded once, for the loud one


_LOADS_JINJA2 = """
import sys
from toolgen.cli import main
try:
    main(sys.argv[1:], standalone_mode=False)
finally:
    print("jinja2" in sys.modules)
"""


_LOADED = """
import json, sys
from toolgen.command import main  # as the installed command reads its arguments
try:
    main(sys.argv[1:])
except SystemExit:
    pass
finally:
    print(json.dumps(sorted(sys.modules)))
"""


@pytest.mark.parametrize("command", ["build", "check"])
def test_a_no_op_loads_no_stage_of_the_pipeline(tree: Path, tmp_path: Path, command: str) -> None:
    """What a no-op needs is the sources' hashes, the output record and the output's stamp:
    loading the stages, the framework presets or the data proof would be start-up it pays for
    nothing (a no-op is mostly start-up; click, which reads the command line, it does load)."""
    args = ["--out", str(tree / "out.py"), "--cache-dir", str(tmp_path / "cache"), "-q"]

    def loaded(*words: str) -> set[str]:
        result = subprocess.run(
            [sys.executable, "-c", _LOADED, *words, str(tree / "app"), *args],
            capture_output=True,
            text=True,
            check=True,
            cwd=tree,
        )
        return set(json.loads(result.stdout.splitlines()[-1]))

    first = loaded("build")
    assert {"libcst", "toolgen.assemble", "toolgen.frameworks"} <= first  # it built
    modules = loaded(command)
    stages = {
        "toolgen.pipeline",
        "libcst",
        "jinja2",
        "black",
        "toolgen.scan",
        "toolgen.tools",
        "toolgen.assemble",
        "toolgen.providers",
        "toolgen.render",
        "toolgen.frameworks",
        "toolgen.forms",
        "toolgen.emit.prove",
        "toolgen.emit.pushdown",
    }
    assert modules & stages == set()


def test_a_rebuild_after_an_edit_takes_the_layout_from_the_cache_without_jinja2(
    tree: Path, tmp_path: Path
) -> None:
    """The module's layout depends on its constants' names and its sources, not on the tools:
    an edited docstring is spliced into the cached layout."""
    cache = tmp_path / "cache"

    def build() -> bool:
        args = [
            "build",
            str(tree / "app"),
            "--out",
            str(tree / "out.py"),
            "--cache-dir",
            str(cache),
        ]
        result = subprocess.run(
            [sys.executable, "-c", _LOADS_JINJA2, *args],
            capture_output=True,
            text=True,
            check=True,
            cwd=tree,
        )
        return result.stdout.split()[-1] == "True"

    assert build()  # the first build renders the template
    support = tree / "app" / "tools" / "support.py"
    support.write_text(support.read_text().replace("Open a ticket.", "Open a new ticket."))
    assert not build()
    assert (tree / "out.py").read_text() == _fresh(tree)
    (tree / "app" / "tools" / "extra.py").write_text(
        "from toolgen import tool\n\n@tool\ndef triage(p: int) -> None:\n    'Triage.'\n"
    )
    assert build()  # a new source is named in the header: the layout is rendered again
    assert (tree / "out.py").read_text() == _fresh(tree)


@pytest.mark.parametrize("damage", ["mark-missing", "mark-twice", "mark-not-a-number"])
def test_a_damaged_layout_entry_is_ignored(tree: Path, tmp_path: Path, damage: str) -> None:
    cache = tmp_path / "cache"
    expected = _build(tree, cache)

    def spoil(loaded: dict[str, Any], text: bytes) -> bytes:
        spoiled = {
            "mark-missing": text.replace(b"\x001\x00", b""),
            "mark-twice": text.replace(b"\x001\x00", b"\x000\x00"),
            "mark-not-a-number": text.replace(b"\x001\x00", b"\x00one\x00"),
        }[damage]
        assert spoiled != text
        return spoiled

    assert _rewrite_entries(cache, "layout", spoil) == 1
    support = tree / "app" / "tools" / "support.py"
    support.write_text(support.read_text().replace("Open a ticket.", "Open a new ticket."))
    assert _build(tree, cache) == _fresh(tree) != expected


def _installed(site: Path, record: list[str]) -> str:
    """A package folder in a fake site-packages, with its wheel's RECORD."""
    from toolgen import __version__

    (site / "toolgen").mkdir(parents=True, exist_ok=True)
    info = site / f"toolgen-{__version__}.dist-info"
    info.mkdir(exist_ok=True)
    (info / "RECORD").write_text("\n".join(record) + "\n")
    return str(site / "toolgen")


WHEEL_RECORD = [
    "../../../bin/toolgen,sha256=bsbNYBGte5Sg2T93Ya7Fc91s02COa9sADgjVIDwh4xg,164",
    "toolgen/__init__.py,sha256=d2K2XQkO2mnfQYogYrjZymq-GOAC3D3nZnfdQBs3akg,1224",
    "toolgen/engine/keys.py,sha256=aheny-E3hjIu1lpSLWcfKaHYLHiF67xLUFjfFXWvpdM,9060",
    "toolgen/_templates/_header.jinja,sha256=eiERagMWjzPVimp9MUp5aWRFEEa-V-f0NQ4SzVigCjQ,224",
    "toolgen-0.1.0.dist-info/direct_url.json,sha256=kVaE4VjJ6KYvhwTTagf_D4kG7nD2zTkXQO-RMwvkPvY,60",
    "toolgen-0.1.0.dist-info/RECORD,,",
]


def test_a_wheel_install_is_known_by_its_recorded_hashes_not_by_where_or_when(
    tmp_path: Path,
) -> None:
    """A fresh CI runner unpacks the same wheel elsewhere, later, with another launcher and
    source URL: its cache entries still apply. A changed file does not."""
    first = wheel_files(_installed(tmp_path / "a", WHEEL_RECORD))
    moved = [
        line.replace("bsbNYBGte5Sg", "ZZZZZZZZZZZZ").replace("kVaE4VjJ6KYv", "YYYYYYYYYYYY")
        for line in reversed(WHEEL_RECORD)
    ]
    assert first is not None and b"toolgen/engine/keys.py" in first and b"bin/toolgen" not in first
    assert wheel_files(_installed(tmp_path / "b", moved)) == first
    changed = [line.replace("aheny-E3hjIu", "XXXXXXXXXXXX") for line in WHEEL_RECORD]
    assert wheel_files(_installed(tmp_path / "c", changed)) not in (None, first)


def test_an_editable_install_is_known_by_its_files(tmp_path: Path) -> None:
    """Its RECORD lists only the import hook (and shipped templates), not the code."""
    editable = [
        "_editable_impl_toolgen.pth,sha256=mpVKtfK6n3PfWslZ3gXQSQXBp4utN7lSB6qDvW9Mmro,14",
        WHEEL_RECORD[3],
    ]
    assert wheel_files(_installed(tmp_path / "e", editable)) is None
    assert wheel_files(str(tmp_path / "nothing" / "toolgen")) is None


HUB = {
    "pkg/__init__.py": (
        '"""Re-exports every tool, as real packages do."""\n'
        "from .a import tool_a\nfrom .b import tool_b\nfrom .c import tool_c\n"
        "from .models import Thing\n"
    ),
    "pkg/models.py": "from typing import TypedDict\n\n\nclass Thing(TypedDict):\n    x: int\n",
    "pkg/a.py": (
        "from toolgen import tool\nfrom pkg.models import Thing\n\n\n"
        "@tool\ndef tool_a(t: Thing) -> None:\n    'A.'\n"
    ),
    "pkg/b.py": "from toolgen import tool\n\n\n@tool\ndef tool_b(n: int) -> None:\n    'B.'\n",
    "pkg/c.py": (
        "from toolgen import tool\nfrom pkg import Thing\n\n\n"  # through the hub
        "@tool\ndef tool_c(t: Thing) -> None:\n    'C.'\n"
    ),
}


def _hub_build(root: Path, cache: Path) -> bytes:
    target = Target(paths=(root / "pkg",), out=root / "out.py")
    api.write(api.plan(Config((target,)), cwd=root, cache_dir=cache))
    return (root / "out.py").read_bytes()


def test_each_file_is_parsed_once_per_build_even_with_a_re_export_hub(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.conftest import write_tree

    write_tree(tmp_path, HUB)
    scanned = _record_calls(
        monkeypatch, tmp_path, toolgen.scan, "scan_file", lambda *args: args[0].display
    )
    _hub_build(tmp_path, tmp_path / "cache")
    assert sorted(scanned()) == sorted(HUB)  # each once, the hub's closure notwithstanding


def test_an_edit_to_a_module_the_hub_imports_rebuilds_only_what_reaches_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``b`` is edited: ``b`` is rebuilt, and ``c``, whose import goes through the hub; ``a``
    imports ``pkg.models`` by its full name and is not. The hub defines no function: it has
    no tools to build."""
    from tests.conftest import write_tree

    write_tree(tmp_path, HUB)
    cache = tmp_path / "cache"
    _hub_build(tmp_path, cache)
    built = _record_calls(monkeypatch, tmp_path, pipeline, "build_module", lambda *args: args[0])
    b = tmp_path / "pkg" / "b.py"
    b.write_text(b.read_text().replace("'B.'", "'B, edited.'"))
    edited = _hub_build(tmp_path, cache)
    assert sorted(built()) == ["pkg.b", "pkg.c"]
    (tmp_path / "out.py").unlink()
    assert _build_uncached(tmp_path) == edited


def _build_uncached(root: Path) -> bytes:
    target = Target(paths=(root / "pkg",), out=root / "out.py")
    (planned,) = api.plan(Config((target,)), cwd=root, use_cache=False).files
    assert planned.data is not None
    return planned.data


def test_a_build_without_the_cache_encodes_no_entry(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--no-cache`` (a fresh CI clone's check, the cold build): nothing is encoded for a cache
    that will not keep it."""
    from toolgen.engine import entries

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("an entry was encoded for a cache that is off")

    for name in ("encode_module", "put_output", "put_layout"):
        owner = entries if name == "encode_module" else entries.Cache
        monkeypatch.setattr(owner, name, refused)
    assert "TOOLS" in _build(tree, None)
