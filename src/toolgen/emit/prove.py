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
from toolgen.emit.pushdown import HEAD, Automaton, failing_line, is_pair


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


_LEARNT: dict[str, Automaton] = {}
"""What proving list items and dict entries has learnt in this process, by the stack inside the
list or dict: the effects of the lines read (the items of thousands of tools share most of
their lines). A line's effect depends on the line alone, so it is kept from build to build, up
to :data:`_LEARNT_LINES` lines each."""
_LEARNT_LINES: Final = 1 << 18
_INSIDE: Final = Automaton(frozenset()).run([b"X = ["], "")
"""The stack inside a list constant, where an item starts and ends."""
_IN_DICT: Final = Automaton(frozenset()).run([b"X = {"], "")
"""The stack inside a dict constant, where an entry starts and ends."""


def prove_items(items: Sequence[bytes | memoryview], display: str = "") -> None:
    """Prove that list items are, each alone, data in a list constant (an element, or several,
    each with its trailing comma): read by the same automaton as a whole module, an item leads
    from inside a list back to inside it.

    The automaton reads line by line, each line's effect depending on the line and the stack
    only; so a module in which such an item stands in a list proves data exactly when the same
    module with any other such item in its place does, and so does one with any number of them
    (one or more) in the place of one. A build proves each tool's items when it makes them (in
    the worker that makes them; the cache, which is authenticated, holds only items proved so),
    and the module around them with one stand-in item in the place of each list's: a rebuild
    after one edit proves one tool's items, not the whole module again.

    Raises:
        UnsafeOutputError: an item that is not data in a list; the message says why.
    """
    _prove_within(items, _INSIDE, "a list item", "an element of a list", display)


def prove_entries(entries: Sequence[bytes | memoryview], display: str = "") -> None:
    """Prove that dict entries are, each alone, data in a dict constant (``key: value,``): an
    entry leads from inside a dict back to inside it, as :func:`prove_items` proves items, and
    for the same reason a module with a stand-in entry in its place proves what it would.

    Raises:
        UnsafeOutputError: an entry that is not data in a dict; the message says why.
    """
    _prove_within(entries, _IN_DICT, "a dict entry", "an entry of a dict", display)


def _prove_within(
    pieces: Sequence[bytes | memoryview], inside: str, what: str, shape: str, display: str
) -> None:
    """Each of ``pieces`` leads from ``inside`` back to it (a dict's entry of two strings on one
    line is one match: :func:`~toolgen.emit.pushdown.is_pair`)."""
    automaton = _LEARNT.get(inside)
    if automaton is None or len(automaton.effects) > _LEARNT_LINES:
        automaton = _LEARNT[inside] = Automaton(frozenset())
    pairs = inside == _IN_DICT
    for piece in pieces:
        text = bytes(piece)
        try:
            lines = _checked_lines(text + b"\n")
            if pairs and len(lines) == 1 and is_pair(text):
                continue
            after = automaton.run(lines, inside)
        except Refused as exc:
            after = f"refused: {exc}"
        if after != inside:
            shown = text[:100].decode("utf-8", "backslashreplace")
            raise UnsafeOutputError(
                f"{display + ': ' if display else ''}{what} toolgen made is not {shape} "
                f"({after or 'it ends the constant'}): {shown!r}. This is a bug in toolgen."
            )


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
