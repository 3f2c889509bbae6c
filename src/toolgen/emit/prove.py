"""The proof, before every write, that a generated module is data and nothing else.

Users' programs import the generated module, so the exact text about to be written is proved
to hold only comments, one module docstring, ``from typing import ...`` and assignments, to
upper-case names, of the literals of :mod:`toolgen.grammar`: dict and list displays of strings,
numbers, booleans and ``None`` (and ``__all__``). Anything else is a bug in toolgen (or a
tampered cache entry), and nothing is written.

Parsing a large module with :mod:`ast` costs more than building it (a 14 MB module: 2 s and
0.8 GB of tree; 141 MB: 38 s and 8 GB). So :mod:`ast` parses the module's head only
(:mod:`toolgen.emit.head`), and the constants are read line by line by a pushdown automaton
(:mod:`toolgen.emit.pushdown`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from itertools import chain
from typing import Final

from toolgen.emit.head import Refused, check_head
from toolgen.emit.pushdown import HEAD, Automaton, failing_line, opened


class UnsafeOutputError(RuntimeError):
    """The module toolgen was about to write is not data: a bug in toolgen. Nothing is written."""


# Python's tokenizer ends a line at \n, \r and \r\n; the module has \n only. Nothing else that
# would be read as a line break (\x0b, \x0c, \x1c-\x1e, \x85, \u2028, \u2029, which
# str.splitlines and editors break at) nor any other control character appears raw: the
# literal emitter and the escaping of outside text write escapes.
_FORBIDDEN: Final = re.compile(rb"[\x00-\x09\x0b-\x1f\x7f]|\xc2\x85|\xe2\x80[\xa8\xa9]")
_BREAKS: Final = (b"\xc2\x85", b"\xe2\x80\xa8", b"\xe2\x80\xa9")
_OTHERS: Final = bytes(sorted(set(range(32, 256)) - {127, 0xC2, 0xE2} | {10}))
"""The bytes that never start a forbidden character: ``text.translate(None, _OTHERS)`` keeps
those that may (for most texts: none)."""

BATCH_BYTES = 1 << 20
"""How much of the module is split into lines at a time."""


def ensure_data_only(data: str | bytes | Sequence[bytes | memoryview], display: str = "") -> None:
    """Prove that ``data`` (the text, or its UTF-8 bytes in pieces) is a module of data.

    Raises:
        UnsafeOutputError: it is not; the message says why, and where.
    """
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    batches = _batches((data,) if isinstance(data, bytes) else data)
    number = 0  # the lines before the list of lines being read
    try:
        head: list[bytes] = []
        rest: list[bytes] = []
        for batch in batches:
            start = next((i for i, line in enumerate(batch) if HEAD.fullmatch(line)), None)
            if start is None:
                head.extend(batch)
                number += len(batch)
                continue
            head.extend(batch[:start])
            rest = batch[start:]
            number += start
            break
        try:
            imported = check_head(head)
        except Refused as exc:
            exc.where = f"in lines 1 to {len(head)}"
            raise
        constants = Automaton(imported)
        stack = ""  # the open frames: see pushdown._step
        for batch in chain([rest], batches):
            at_start = stack
            try:
                stack = constants.run(batch, stack)
            except Refused as exc:
                exc.line = failing_line(batch, at_start, imported)
                exc.text = batch[exc.line]
                raise
            number += len(batch)
        if stack:
            raise Refused("a constant is not closed", where="at the end")
    except Refused as exc:
        where = exc.where or (
            f"at line {number + exc.line + 1}: "
            f"{exc.text.decode('utf-8', 'backslashreplace')[:100]!r}"
        )
        raise UnsafeOutputError(
            f"{display + ': ' if display else ''}the module toolgen made is not data ({exc}, "
            f"{where}), so it was not written. This is a bug in toolgen."
        ) from None


_ITEMS: Automaton | None = None
"""What proving list items has learnt in this process: the effects of the lines read (the
items of thousands of tools share most of their lines). A line's effect depends on the line
alone, so it is kept from build to build, up to :data:`_LEARNT_LINES` lines."""
_LEARNT_LINES: Final = 1 << 18
_INSIDE: Final = Automaton(frozenset()).run([b"X = ["], "")
"""The stack inside a list constant, where an item starts and ends."""


def prove_items(items: Sequence[bytes | memoryview], display: str = "") -> None:
    """Prove that list items are, each alone, data in a list constant (an element, or several,
    each with its trailing comma): read by the same automaton as a whole module, an item leads
    from inside a list back to inside it.

    The automaton reads line by line, each line's effect depending on the line and the stack
    only; so a module in which such an item stands in a list proves data exactly when the same
    module with any other such item in its place does. A build proves each tool's items when it
    makes them (in the worker that makes them; the cache, which is authenticated, holds only
    items proved so), and the module around them with a stand-in item in their place: a
    rebuild after one edit proves one tool's items, not the whole module again.

    Raises:
        UnsafeOutputError: an item that is not data in a list; the message says why.
    """
    global _ITEMS
    if _ITEMS is None or len(_ITEMS.effects) > _LEARNT_LINES:
        _ITEMS = Automaton(frozenset())
    for item in items:
        try:
            lines = _checked_lines(bytes(item) + b"\n")
            after = _ITEMS.run(lines, _INSIDE)
        except Refused as exc:
            after = f"refused: {exc}"
        if after != _INSIDE:
            text = bytes(item)[:100].decode("utf-8", "backslashreplace")
            raise UnsafeOutputError(
                f"{display + ': ' if display else ''}a list item toolgen made is not an "
                f"element of a list ({after or 'it ends the list'}): {text!r}. This is a "
                "bug in toolgen."
            )


_CLOSERS: Final = {"=e{k": b"}", "=e[v": b"]"}
"""What closes a constant whose first line opens its value's dict (or list) and nothing else."""


def constant_stand_in(text: bytes | memoryview) -> bytes | None:
    """What the proof that a module is data may read in place of a constant's ``text`` once
    :func:`prove_constant` proved it: its first line and what closes the value it opens (``X:
    dict[str, str] = {`` then ``}``); ``None`` for a constant of another shape (one line, say),
    which is read whole."""
    head = bytes(text[:4096])  # a first line is a name, an annotation and a bracket
    end = head.find(b"\n")
    stack = opened(head[:end]) if end > 0 else None
    closer = _CLOSERS.get(stack) if stack is not None else None
    return None if closer is None else head[: end + 1] + closer


def prove_constant(text: bytes | memoryview, display: str = "") -> bytes | None:
    """Prove that the lines of a constant's ``text`` after its first take the stack that first
    line leaves to the end of the statement; its :func:`constant_stand_in`.

    The automaton reads line by line, each line's effect depending on the line and the stack
    only: a module with the stand-in in the constant's place proves data (the first line read
    there, its annotation checked against the module's imports, and the closer from the same
    stack to the end) exactly when the module with the constant does. A build proves each
    constant it prints (the cache, which is authenticated, holds only constants proved so)
    and the module with stand-ins: a rebuild after an edit proves the constants it printed
    again, not those it took from the cache.

    Raises:
        UnsafeOutputError: the lines after the first are not the rest of a constant of data.
    """
    stand_in = constant_stand_in(text)
    if stand_in is None:
        return None
    first, closer = stand_in.split(b"\n")
    body = bytes(text[len(first) + 1 :])
    # One statement, never two: every line but the last is indented, and the last is the
    # closer. Had the value ended before, an indented line could only be blank after it, and
    # the closer, alone at the top level, would be refused.
    if not (
        body.startswith(b" ")
        and body.endswith(b"\n" + closer)
        and body.count(b"\n ") == body.count(b"\n") - 1
    ):
        after = "not one constant"
    else:
        try:
            after = Automaton(frozenset()).run(_checked_lines(body + b"\n"), opened(first) or "")
        except Refused as exc:
            after = f"refused: {exc}"
    if after != "":
        raise UnsafeOutputError(
            f"{display + ': ' if display else ''}a constant toolgen made is not data "
            f"({after or 'it is not closed'}): {first[:100].decode('utf-8', 'replace')!r}. "
            "This is a bug in toolgen."
        )
    return stand_in


def _batches(pieces: Sequence[bytes | memoryview]) -> Iterator[list[bytes]]:
    """The lines of the pieces joined, without their newlines, in lists of about
    ``BATCH_BYTES`` each: a piece is never joined whole, nor all the lines made at once, so a
    large module is checked in little more memory than a megabyte's lines. The last line,
    after the last newline, is the last list's last: usually empty.

    Each list's text is UTF-8, without a control character or a line break other than
    ``\\n``.

    Raises:
        Refused: with ``line``, the index in its list of the line that is not.
    """
    size = BATCH_BYTES
    buffer: list[bytes | memoryview] = [b""]
    length = 0
    for piece in pieces:
        parts = (
            (piece,)
            if len(piece) <= size
            else [memoryview(piece)[i : i + size] for i in range(0, len(piece), size)]
        )
        for part in parts:
            buffer.append(part)
            length += len(part)
            if length >= size:
                text = b"".join(buffer)
                end = text.rfind(b"\n") + 1
                buffer = [text[end:]]
                length = 0
                yield _checked_lines(text[:end])
    yield _checked_lines(b"".join(buffer), last=True)


def _checked_lines(text: bytes, last: bool = False) -> list[bytes]:
    """``text``'s lines (``text`` ends with a newline, unless it is the ``last``)."""
    suspects = text.translate(None, _OTHERS)  # usually empty: then no search is needed
    found = (
        _FORBIDDEN.search(text)
        if suspects and (suspects.translate(None, b"\xc2\xe2") or any(s in text for s in _BREAKS))
        else None
    )
    if found is not None:
        why, start = "a control character, or a line break other than \\n", found.start()
    else:
        try:
            text.decode("utf-8")
        except UnicodeDecodeError as error:
            why, start = "text that is not UTF-8", error.start
        else:
            return text.split(b"\n")[: None if last else -1]  # not the "" after the last \n
    refused = Refused(why)
    refused.line = text.count(b"\n", 0, start)
    refused.text = text[text.rfind(b"\n", 0, start) + 1 :].split(b"\n", 1)[0]
    raise refused
