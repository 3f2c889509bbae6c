"""Source bytes → text, decoded as Python decodes them; offsets in it → line and column."""

from __future__ import annotations

import codecs
import io
import re
import tokenize
from typing import Final

from toolgen.errors import Diagnostics, SourceSpan
from toolgen.scan.hollow import NEWLINES


def decode_source(data: bytes, display: str, diags: Diagnostics) -> str | None:
    """Decode as Python does: a BOM or PEP 263 cookie, else UTF-8. ``None`` on failure.

    What Python refuses is refused here, as an error at its line: an unknown codec, one that
    does not decode (``undefined``, ``rot13``), bytes the codec rejects, and a text with a lone
    surrogate (``unicode_escape`` can make one; Python then fails to re-encode the source)."""
    try:
        encoding, read = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as exc:
        diags.error(f"cannot decode file: {exc.msg}", SourceSpan(display, exc.lineno or 1, 1))
        return None
    try:
        codecs.lookup(encoding)
        text = data.decode(encoding)
    except (LookupError, UnicodeError) as exc:  # UnicodeError: the ``undefined`` codec's
        line = len(read) if read and b"coding" in read[-1] else 1  # the cookie's line
        if isinstance(exc, UnicodeDecodeError):
            line = data[: exc.start].count(b"\n") + 1
        diags.error(f"cannot decode file as {encoding}: {exc}", SourceSpan(display, line, 1))
        return None
    if encoding not in ("utf-8", "utf-8-sig"):  # UTF-8's decoder never makes a surrogate
        surrogate = _SURROGATE.search(text)
        if surrogate is not None:
            line, col = _line_col(text, surrogate.start())
            diags.error(
                f"cannot decode file as {encoding}: it decodes to a lone surrogate "
                f"({surrogate.group()!r}), which Python refuses in source code",
                SourceSpan(display, line, col),
            )
            return None
    return text.removeprefix("\ufeff")


_SURROGATE: Final = re.compile("[\ud800-\udfff]")


def _line_col(text: str, offset: int) -> tuple[int, int]:
    """The 1-based line and column of ``offset``, lines ending as Python's do."""
    before = text[:offset]
    return len(NEWLINES.findall(before)) + 1, offset - max(before.rfind("\n"), before.rfind("\r"))
