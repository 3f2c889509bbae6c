"""Writing an output in pieces: every byte, in order, whatever the pieces and the system."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from toolgen.emit.write import write_atomic


def _pieces() -> list[bytes | memoryview]:
    """More pieces than one writev call takes, of every kind a module is made of."""
    source = "ü€😀 tool ".encode() * 50
    pieces: list[bytes | memoryview] = []
    for index in range(3000):
        if index % 7 == 0:
            pieces.append(b"")
        elif index % 3 == 0:
            pieces.append(memoryview(source)[index % 40 : index % 40 + 100])
        else:
            pieces.append(f"piece {index}\n".encode())
    return pieces


def test_pieces_are_written_whole_and_in_order(tmp_path: Path) -> None:
    out = tmp_path / "tool_schemas.py"
    out.write_bytes(b"old")
    pieces = _pieces()
    write_atomic(out, pieces)
    assert out.read_bytes() == b"".join(pieces)
    assert os.listdir(tmp_path) == ["tool_schemas.py"]  # no temp file left


def test_short_writes_resume_where_they_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A writev may write less than asked (a signal, a full pipe, a quota): nothing is lost
    or written twice."""
    calls = []

    def short(fd: int, buffers: list[memoryview]) -> int:
        """Writes at most 7 bytes: the end of one piece and the start of the next, or a part."""
        calls.append(len(buffers))
        return os.write(fd, b"".join(bytes(b) for b in buffers)[:7])

    monkeypatch.setattr(os, "writev", short)
    out = tmp_path / "tool_schemas.py"
    pieces = _pieces()
    write_atomic(out, pieces)
    assert len(calls) > len(pieces)  # the short writes did happen
    assert out.read_bytes() == b"".join(pieces)


def test_without_writev_each_piece_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delattr(os, "writev")
    out = tmp_path / "tool_schemas.py"
    pieces = _pieces()
    write_atomic(out, pieces)
    assert out.read_bytes() == b"".join(pieces)


@pytest.mark.parametrize("data", ["text ü\n", b"bytes \xc3\xbc\n"])
def test_text_and_bytes(tmp_path: Path, data: str | bytes) -> None:
    out = tmp_path / "tool_schemas.py"
    write_atomic(out, data)
    assert out.read_bytes() == (data.encode() if isinstance(data, str) else data)
