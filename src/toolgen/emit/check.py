"""Check mode: what would change, as a unified diff; toolgen's version line never counts."""

from __future__ import annotations

from toolgen.header import without_version


def is_fresh(existing: str | None, expected: str) -> bool:
    return existing is not None and without_version(existing) == without_version(expected)


def unified_diff(display: str, existing: str | None, expected: str) -> str:
    """The diff from the file on disk to what ``toolgen build`` would write."""
    import difflib  # only a stale output needs it

    old = (existing or "").splitlines(keepends=True)
    new = expected.splitlines(keepends=True)
    lines = difflib.unified_diff(
        old,
        new,
        fromfile=f"a/{display}" if existing is not None else "/dev/null",
        tofile=f"b/{display}",
    )
    return "".join(
        line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines
    )
