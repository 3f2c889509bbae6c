"""What the cache may delete and what it may trust, tried as a careful user and as an attacker.

Each test reproduces a way the cache could lose a user's files or change what toolgen writes:
a cache folder that is not toolgen's, planted symlinks, tampered entries and stamps, racing
builds, a killed build's temp files. After each, a build writes exactly what a build without
cache writes, and ``check`` says *stale* for a file whose bytes differ from that.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import REPO
from tests.unit.test_cache import read_entry
from toolgen import api
from toolgen.cli import main
from toolgen.config import Config, Target
from toolgen.emit import write
from toolgen.emit.prove import UnsafeOutputError
from toolgen.engine import stamps
from toolgen.engine.store import (
    CACHEDIR_TAG_TEXT,
    FORMAT,
    GITIGNORE_TEXT,
    MARKER,
    UNUSED_DAYS,
    Store,
    cache_secret,
)
from toolgen.errors import UsageError
from toolgen.report import Status
from toolgen.tempfiles import open_locked_temp

CASE = REPO / "tests" / "cases" / "cross_module" / "input"
EVIL = b"]\nimport os; os.system('echo owned')\n_X = ["


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    shutil.copytree(CASE, tmp_path / "src")
    return tmp_path / "src"


def _config(tree: Path) -> Config:
    return Config((Target(paths=(tree / "app",), out=tree / "out.py"),))


def _build(tree: Path, cache: Path | None) -> bytes:
    plan = api.plan(_config(tree), cwd=tree, use_cache=cache is not None, cache_dir=cache)
    api.write(plan)
    return (tree / "out.py").read_bytes()


def _uncached(tree: Path) -> bytes:
    """What a build without cache writes (computed in memory: the disk is left as it is)."""
    (planned,) = api.plan(_config(tree), cwd=tree, use_cache=False).files
    assert planned.data is not None
    return planned.data


def _check(tree: Path, cache: Path) -> Status:
    (result,) = api.compare(api.plan(_config(tree), cwd=tree, cache_dir=cache))
    return result.status


def _age(path: Path, days: float) -> None:
    when = time.time() - days * 86400
    os.utime(path, (when, when), follow_symlinks=False)


def _edit_source(tree: Path) -> None:
    support = tree / "app" / "tools" / "support.py"
    support.write_text(support.read_text().replace("Open a ticket.", "Open a new ticket."))


# --- what it may delete ---------------------------------------------------------------------


def _cli(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_the_project_root_is_refused_as_cache_folder_and_nothing_in_it_is_touched(
    tree: Path,
) -> None:
    """``--cache-dir .`` in a project with old ``vendor/`` and ``venv/`` folders: refused,
    plainly, with exit 2; nothing deleted, no ``.gitignore`` or ``CACHEDIR.TAG`` written."""
    for name in ("vendor", "venv", "v2"):
        (tree / name / "lib").mkdir(parents=True)
        (tree / name / "lib" / "keep.py").write_text("x = 1\n")
        _age(tree / name / "lib", 40)
        _age(tree / name, 40)
    before = sorted(p.relative_to(tree) for p in tree.rglob("*"))
    os.chdir(tree)
    code, err = _cli("build", "app", "--out", "out.py", "--cache-dir", ".")
    assert code == 2
    assert "is not empty and is not a toolgen cache" in err and "--no-cache" in err
    assert sorted(p.relative_to(tree) for p in tree.rglob("*")) == before
    assert not (tree / ".gitignore").exists() and not (tree / "CACHEDIR.TAG").exists()


def test_a_shared_cache_root_from_the_environment_is_refused(
    tree: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``TOOLGEN_CACHE_DIR=~/.cache``: other programs' caches are not toolgen's to prune."""
    shared = tmp_path / "dot-cache"
    (shared / "pip" / "v1").mkdir(parents=True)
    (shared / "pip" / "v1" / "entry").write_text("pip's")
    _age(shared / "pip" / "v1", 40)
    monkeypatch.setenv("TOOLGEN_CACHE_DIR", str(shared))
    os.chdir(tree)
    assert _cli("build", "app", "--out", "out.py")[0] == 2
    assert (shared / "pip" / "v1" / "entry").read_text() == "pip's"
    assert sorted(p.name for p in shared.iterdir()) == ["pip"]


def test_a_file_where_the_cache_folder_goes_is_refused(tree: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "cache"
    blocker.write_text("mine")
    os.chdir(tree)
    code, err = _cli("build", "app", "--out", "out.py", "--cache-dir", str(blocker))
    assert code == 2 and "is not a folder" in err and blocker.read_text() == "mine"


def test_an_empty_folder_is_adopted_without_gitignore_or_tag(tree: Path, tmp_path: Path) -> None:
    cache = tmp_path / "made-by-the-user"
    cache.mkdir()
    assert _build(tree, cache) == _uncached(tree)
    assert (cache / MARKER).is_file()
    assert not (cache / ".gitignore").exists() and not (cache / "CACHEDIR.TAG").exists()


def test_a_folder_toolgen_creates_gets_its_marks(tree: Path, tmp_path: Path) -> None:
    cache = tmp_path / "new" / "cache"
    _build(tree, cache)
    assert (cache / ".gitignore").read_bytes() == GITIGNORE_TEXT
    assert (cache / "CACHEDIR.TAG").read_bytes() == CACHEDIR_TAG_TEXT
    assert (cache / MARKER).is_file()


def test_a_folder_without_the_marker_is_refused_whatever_it_holds(
    tree: Path, tmp_path: Path
) -> None:
    """Toolgen's own .gitignore and CACHEDIR.TAG and a format folder are not the marker: no
    released toolgen made a cache without one, so such a folder is anybody's."""
    cache = tmp_path / "cache"
    (cache / "v2" / "00ff" / "ab").mkdir(parents=True)
    (cache / ".gitignore").write_bytes(GITIGNORE_TEXT)
    (cache / "CACHEDIR.TAG").write_bytes(CACHEDIR_TAG_TEXT)
    with pytest.raises(UsageError, match="not a toolgen cache"):
        _build(tree, cache)
    assert not (cache / MARKER).exists()


def test_a_symlink_planted_in_the_cache_is_never_followed(tree: Path, tmp_path: Path) -> None:
    """``<cache>/v9 -> elsewhere/``, a namespace and a shard that are links, all with files
    old enough to prune: the build deletes nothing outside the cache."""
    cache = tmp_path / "cache"
    _build(tree, cache)
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "0011" / "ab").mkdir(parents=True)
    victim = elsewhere / "0011" / "ab" / ("a" * 64 + ".entry")
    victim.write_text("precious")
    (elsewhere / "0011" / ".used").write_text("")
    _age(elsewhere / "0011" / ".used", UNUSED_DAYS + 10)
    _age(elsewhere / "0011", UNUSED_DAYS + 10)
    (cache / "v9").symlink_to(elsewhere)
    version = cache / f"v{FORMAT}"
    (version / "00ee").symlink_to(elsewhere / "0011")
    ours = next(p for p in version.iterdir() if not p.is_symlink())
    shard = ours / "zz"
    shard.symlink_to(elsewhere / "0011" / "ab")
    _edit_source(tree)
    assert _build(tree, cache) == _uncached(tree)  # stores, so it prunes
    assert victim.read_text() == "precious"
    assert (elsewhere / "0011" / ".used").exists()
    assert (cache / "v9").is_symlink() and (version / "00ee").is_symlink()


def test_dangling_symlinks_in_the_cache_are_not_written_through(tree: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _build(tree, cache)
    targets = tmp_path / "targets"
    targets.mkdir()
    ours = next((cache / f"v{FORMAT}").iterdir())
    planted = {
        cache / ".gitignore": targets / "gitignore",
        cache / "CACHEDIR.TAG": targets / "tag",
        ours / ".used": targets / "used",
        ours / "tmp": targets / "tmp",
    }
    for link, target in planted.items():
        if link.is_dir():
            shutil.rmtree(link)
        else:
            link.unlink()
        link.symlink_to(target)
    for shard in ours.iterdir():
        if len(shard.name) == 2 and not shard.is_symlink():
            shutil.rmtree(shard)
            shard.symlink_to(targets / f"shard-{shard.name}")
    _edit_source(tree)
    assert _build(tree, cache) == _uncached(tree)
    assert list(targets.iterdir()) == []


def test_a_killed_builds_temp_files_are_removed_and_a_live_ones_kept(
    tree: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    _build(tree, cache)
    killed = tree / f".out.py.toolgen-4242-{'0' * 16}.tmp"
    killed.write_bytes(b"# Generated by toolgen, half writ")
    _age(killed, 1 / 86400 * 10)  # ten seconds ago
    live = tree / f".out.py.toolgen-{os.getpid()}-{'1' * 16}.tmp"
    fd = open_locked_temp(live)  # held, as by a build still writing it
    _age(live, 1 / 86400 * 10)
    mine = tree / ".out.py.backup"  # not toolgen's name
    mine.write_text("mine")
    _age(mine, 1)
    ours = next((cache / f"v{FORMAT}").iterdir())
    killed_entry = ours / "tmp" / f".entry.4242.{'2' * 16}.part"
    killed_entry.write_bytes(b"half")
    _age(killed_entry, 1 / 86400 * 10)
    try:
        _edit_source(tree)
        _build(tree, cache)
        assert not killed.exists() and not killed_entry.exists()
        assert live.exists() and mine.read_text() == "mine"
    finally:
        os.close(fd)
    assert write.remove_killed_writes(tree / "out.py") == [live.name]  # released: removable


# --- what it may trust --------------------------------------------------------------------


def _resign(entry: Path, body: bytes) -> None:
    namespace = entry.parent.parent
    store = Store(namespace.parent.parent, namespace.name, cache_secret())
    entry.write_bytes(store._mac(entry.stem, body) + b"\n" + body)


def _entries(cache: Path, kind: str) -> list[Path]:
    return [e for e in cache.rglob("*.entry") if read_entry(e)[0].get("kind") == kind]


def _tamper(entry: Path, header: dict[str, object], payload: bytes) -> None:
    """Rewrite the entry as an attacker without the secret would: MAC kept as it was."""
    mac = entry.read_bytes().partition(b"\n")[0]
    entry.write_bytes(mac + b"\n" + json.dumps(header).encode() + b"\n" + payload)


def test_a_tampered_tool_segment_never_reaches_the_output(tree: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _build(tree, cache)
    modules = [e for e in _entries(cache, "module") if read_entry(e)[0]["tools"]]
    assert modules
    for entry in modules:
        header, payload = read_entry(entry)
        segments = header["tools"][0]["segments"]  # type: ignore[index]
        first = next(iter(segments))
        segments[first] += len(EVIL)
        cut = segments[first] - len(EVIL)
        _tamper(entry, header, payload[:cut] + EVIL + payload[cut:])
    (tree / "out.py").unlink()  # so that the module results are needed
    _edit_source(tree)
    built = _build(tree, cache)
    assert built == _uncached(tree) and b"os.system" not in built
    assert _check(tree, cache) is Status.FRESH


def test_a_tampered_layout_never_reaches_the_output(tree: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _build(tree, cache)
    (layout,) = _entries(cache, "layout")
    header, payload = read_entry(layout)
    tampered = payload.replace(b"\n\n", b"\n\nimport os\nos.system('echo owned')\n", 1)
    assert tampered != payload
    _tamper(layout, header, tampered)
    _edit_source(tree)
    built = _build(tree, cache)
    assert built == _uncached(tree) and b"os.system" not in built


def test_a_tampered_name_map_entry_never_reaches_the_output(tree: Path, tmp_path: Path) -> None:
    """A tool's entry in a name map (``TOOL_CALLS_<P>``, ...) is joined into the output as the
    cache holds it: one with code after it, the header's sizes to match, is refused as a whole
    entry (the MAC no longer holds) and the module built again."""
    cache = tmp_path / "cache"
    _build(tree, cache)
    modules = [e for e in _entries(cache, "module") if read_entry(e)[0]["tools"]]
    assert modules
    for entry in modules:
        header, payload = read_entry(entry)
        tool = header["tools"][0]  # type: ignore[index]
        at = sum(tool["segments"].values())
        first = next(iter(tool["entries"]))
        at += tool["entries"][first]
        tool["entries"][first] += len(EVIL)
        _tamper(entry, header, payload[:at] + EVIL + payload[at:])
    (tree / "out.py").unlink()  # so that the module results are needed
    _edit_source(tree)
    built = _build(tree, cache)
    assert built == _uncached(tree) and b"os.system" not in built
    assert _check(tree, cache) is Status.FRESH


def test_a_name_map_entry_printed_wrong_is_refused_before_anything_is_written(
    tree: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tool's entry printed wrong (a bug in the emitter, say) is proved data in a dict when it
    is made, before the cache keeps it, and nothing is written."""
    from toolgen import assemble

    cache = tmp_path / "cache"
    before = _build(tree, cache)
    entry = assemble.dict_entry

    def wrong(key: str, value: object, line_length: int = 88) -> str:
        return entry(key, value, line_length) + "\n    __import__('os'): 0,"

    monkeypatch.setattr(assemble, "dict_entry", wrong)
    _edit_source(tree)
    with pytest.raises(UnsafeOutputError, match="not an entry of a dict"):
        _build(tree, cache)
    assert (tree / "out.py").read_bytes() == before
    assert b"__import__" not in b"".join(e.read_bytes() for e in cache.rglob("*.entry"))


def test_a_constant_printed_wrong_is_refused_before_anything_is_written(
    tree: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A constant printed whole at assembly (``FINGERPRINTS``; a bug in the emitter, say) is
    proved with its module, and nothing is written."""
    from toolgen import render

    cache = tmp_path / "cache"
    before = _build(tree, cache)
    assignment = render._assignment

    def wrong(constant: render.Constant, line_length: int) -> bytes:
        text = assignment(constant, line_length)
        return text.replace(b"\n", b"\n    __import__('os'),\n", 1)

    monkeypatch.setattr(render, "_assignment", wrong)
    _edit_source(tree)
    with pytest.raises(UnsafeOutputError, match="not data"):
        _build(tree, cache)
    assert (tree / "out.py").read_bytes() == before
    assert b"__import__" not in b"".join(e.read_bytes() for e in cache.rglob("*.entry"))


def test_a_tampered_output_digest_does_not_make_check_say_fresh(tree: Path, tmp_path: Path) -> None:
    """Edit the output, and set the output entry's digest (and its stamp's) to match."""
    import hashlib

    cache = tmp_path / "cache"
    _build(tree, cache)
    out = tree / "out.py"
    edited = out.read_bytes().replace(b"Open a ticket.", b"Open a trap.")
    out.write_bytes(edited)
    digest = hashlib.sha256(edited).hexdigest()
    (entry,) = _entries(cache, "output")
    header, payload = read_entry(entry)
    header["digests"] = [digest]
    _tamper(entry, header, payload)
    for stamp in _entries(cache, "stamp"):
        header, payload = read_entry(stamp)
        header["digest"] = digest
        _tamper(stamp, header, payload)
    assert _check(tree, cache) is Status.STALE
    assert _build(tree, cache) == _uncached(tree)


def test_a_same_size_edit_with_its_mtime_put_back_is_stale(
    tree: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``utime`` restores the mtime, never the ctime: the stamp no longer describes the file.
    (The guard against a change in the same clock tick is switched off, so that only the
    ctime can tell.)"""
    monkeypatch.setattr(stamps, "RACY_NS", 0)
    cache = tmp_path / "cache"
    _build(tree, cache)
    out = tree / "out.py"
    assert _check(tree, cache) is Status.FRESH  # stamped now
    before = out.stat()
    data = out.read_bytes()
    out.write_bytes(data.replace(b"Open a ticket.", b"Open a tacket."))
    assert out.stat().st_size == before.st_size
    os.utime(out, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert out.stat().st_mtime_ns == before.st_mtime_ns
    assert _check(tree, cache) is Status.STALE
    plan = api.plan(_config(tree), cwd=tree, cache_dir=cache)
    (result,) = api.write(plan)
    assert result.status is Status.WRITTEN and out.read_bytes() == data


def test_a_stamp_younger_than_a_clock_tick_is_not_trusted(tree: Path) -> None:
    """Without ctime to tell (same tick), a fresh stamp is not trusted: the file is hashed."""
    out = tree / "out.py"
    out.write_text("x = 1\n")
    info = out.stat()
    stamp = stamps.Stamp.of(info, "0" * 64)  # taken just after the change
    assert not stamp.describes(info)
    later = stamp._replace(taken_ns=max(info.st_mtime_ns, info.st_ctime_ns) + stamps.RACY_NS)
    assert later.describes(info)


def test_a_rebuild_just_after_a_write_rewrites_without_reading_the_output(
    tree: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The stamp the last write took is too young to trust, but it is of this very file: an
    output that must change is written without being read and hashed first; one that may
    hold the bytes already is still read, and left unchanged."""
    from toolgen.engine import files

    cache = tmp_path / "cache"
    _build(tree, cache)
    reads: list[Path] = []
    real = files.read_digest

    def counted(path: Path) -> tuple[str, os.stat_result | None] | None:
        reads.append(path)
        return real(path)

    monkeypatch.setattr(files, "read_digest", counted)
    _edit_source(tree)
    plan = api.plan(_config(tree), cwd=tree, cache_dir=cache)
    (result,) = api.write(plan)
    assert result.status is Status.WRITTEN and reads == []
    assert (tree / "out.py").read_bytes() == _uncached(tree)
    support = tree / "app" / "tools" / "support.py"
    support.write_text(support.read_text() + "\n# a comment: the same output\n")
    plan = api.plan(_config(tree), cwd=tree, cache_dir=cache)
    (result,) = api.write(plan)
    assert result.status is Status.UNCHANGED and reads == [tree / "out.py"]


def test_interleaved_builds_stamp_their_own_files(
    tree: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Build A (old sources) writes; before it stamps, build B (new sources) writes. A's stamp
    must describe A's file, not B's: afterwards the old sources' plan says *stale*."""
    monkeypatch.setattr(stamps, "RACY_NS", 0)
    cache = tmp_path / "cache"
    old = api.plan(_config(tree), cwd=tree, cache_dir=cache)
    _edit_source(tree)
    new = api.plan(_config(tree), cwd=tree, cache_dir=cache)
    real = write.write_atomic
    state = {"inside": False}

    def racing(path: Path, data: object, root: Path | None = None) -> os.stat_result:
        result = real(path, data, root)  # type: ignore[arg-type]
        if not state["inside"]:
            state["inside"] = True
            api.write(new)  # B finishes between A's rename and A's stamp
        return result

    monkeypatch.setattr(write, "write_atomic", racing)
    api.write(old)
    monkeypatch.setattr(write, "write_atomic", real)
    assert (tree / "out.py").read_bytes() == new.files[0].data
    assert _check(tree, cache) is Status.FRESH  # the new sources
    support = tree / "app" / "tools" / "support.py"
    support.write_text(support.read_text().replace("Open a new ticket.", "Open a ticket."))
    assert _check(tree, cache) is Status.STALE  # the old sources: the disk holds B's file
