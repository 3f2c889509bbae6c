"""Whether a file on disk holds what a build would write, and if not, the unified diff.

toolgen's version line never counts: a new toolgen that writes the same constants leaves the
outputs fresh.
"""

from __future__ import annotations

from toolgen.header import without_version_bytes


def is_fresh(existing: bytes | None, expected: bytes) -> bool:
    """Whether the file holds exactly ``expected``, byte for byte, toolgen's version aside: bytes
    that are not valid UTF-8, or a line end changed, make it stale."""
    return existing is not None and without_version_bytes(existing) == without_version_bytes(
        expected
    )


def unified_diff(display: str, existing: bytes | None, expected: bytes) -> str:
    """The diff from the file on disk to what ``toolgen build`` would write (bytes that are not
    UTF-8 shown as escapes; lines split at ``\\n`` only, as the file's lines are)."""
    import difflib  # seam: only a stale output needs it

    def lines(data: bytes) -> list[str]:
        return data.decode("utf-8", "backslashreplace").split("\n")

    old = lines(existing or b"") if existing else []
    new = lines(expected)
    diff = difflib.unified_diff(
        [line + "\n" for line in old[:-1]] + ([old[-1]] if old and old[-1] else []),
        [line + "\n" for line in new[:-1]] + ([new[-1]] if new[-1] else []),
        fromfile=f"a/{display}" if existing is not None else "/dev/null",
        tofile=f"b/{display}",
    )
    return "".join(
        line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in diff
    )
