"""Checks of the text toolgen writes: before every write, that a generated module is data and
nothing else (:func:`ensure_data_only`); in check mode, what would change, as a unified diff
(toolgen's version line never counts).

Users' programs import the generated module, so the exact text about to be written is proved
to hold only comments, one module docstring, ``from typing import ...`` and assignments, to
upper-case names, of literals: dict and list displays of strings, numbers, booleans and
``None`` (and ``__all__``). Anything else is a bug in toolgen, and nothing is written.

Parsing a large module with :mod:`ast` costs more than building it (a 14 MB module: 2 s and
0.8 GB of tree; 141 MB: 38 s and 8 GB). So :mod:`ast` parses the module's head only (the
comments, docstring and imports before the first constant: where outside text is printed),
and the constants are read line by line, in the tokens Python's tokenizer reads there: each
distinct line is tokenized once into the short form of its tokens (``"name": "ping",`` is
``s:s,``), and a pushdown automaton, whose state is the stack of open displays, matches the
forms; a line's effect on a stack is worked out once. A large module has a few thousand
distinct lines, so its hundreds of thousands of lines are dictionary look-ups.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from itertools import chain
from typing import Final

from toolgen.header import without_version_bytes
from toolgen.ir import MAX_NESTING


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
_COOKIE: Final = re.compile(rb"[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)")
_NAME: Final = re.compile(r"__all__|[A-Z][A-Z0-9_]*")
"""A constant's name: upper case, so that no assignment rebinds a builtin, a name imported
from typing, or a module attribute Python gives a meaning to (``__path__``, ``__getattr__``)."""
_HEAD: Final = re.compile(
    rb"(" + _NAME.pattern.encode() + rb")(?:: ([A-Za-z_][A-Za-z0-9_\[\], ]*))? = (.*)"
)
_TYPES: Final = frozenset({"list", "dict", "str", "int", "float", "bool", "tuple"})

_ESCAPE: Final = rb"\\(?:[\\'\"nrt]|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8})"
"""The escapes the literal emitter writes (so that every string found compiles)."""

# The tokens of a constant's value, as Python's tokenizer reads them. A string has no prefix
# (a prefix would be a name, which is no token here) and is not triple-quoted (at ``"""`` no
# string starts: the empty string ``""`` followed by a quote is not read as two strings); its
# escapes are those of _ESCAPE, and none spans a line. A number or keyword is followed by no
# character that would make the tokenizer read a longer token.
_STRING: Final = (
    rb""""(?!"")(?:[^"\\\x00-\x1f\x7f]|""" + _ESCAPE + rb""")*\""""
    rb"""|'(?!'')(?:[^'\\\x00-\x1f\x7f]|""" + _ESCAPE + rb""")*'"""
)
_ATOM: Final = (
    rb"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?(?![0-9A-Za-z_.\x80-\xff])"
    rb"|(?:True|False|None)(?![0-9A-Za-z_\x80-\xff])"
)
_TOKENS: Final = re.compile(rb"(?:" + _STRING + rb"|" + _ATOM + rb"|[\[\]{}(),: ])*")
_STRINGS: Final = re.compile(_STRING)
_ATOMS: Final = re.compile(_ATOM)
_CLOSES: Final = {"]": "[", "}": "{", ")": "("}
_FIRST: Final = {"[": "v", "{": "k", "(": "w"}
_DEEPEST: Final = 2 * (MAX_NESTING + 1)
"""The longest stack a module that imports can leave: the statement's frame and
:data:`~toolgen.ir.MAX_NESTING` open brackets, two characters each."""


BATCH_BYTES = 1 << 20
"""How much of the module is split into lines at a time."""


class _Refused(Exception):
    """Why the text is not data, and where: ``where`` in words, or the index of the ``line``
    in its list of lines, and its ``text``."""

    def __init__(self, why: str, where: str = "") -> None:
        super().__init__(why)
        self.where = where
        self.line = -1
        self.text = b""


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
            start = next((i for i, line in enumerate(batch) if _HEAD.fullmatch(line)), None)
            if start is None:
                head.extend(batch)
                number += len(batch)
                continue
            head.extend(batch[:start])
            rest = batch[start:]
            number += start
            break
        try:
            imported = _check_head(head)
        except _Refused as exc:
            exc.where = f"in lines 1 to {len(head)}"
            raise
        constants = _Constants(imported)
        stack = ""  # the open frames: see _step
        for batch in chain([rest], batches):
            at_start = stack
            try:
                stack = constants.run(batch, stack)
            except _Refused as exc:
                exc.line = _failing_line(batch, at_start, imported)
                exc.text = batch[exc.line]
                raise
            number += len(batch)
        if stack:
            raise _Refused("a constant is not closed", where="at the end")
    except _Refused as exc:
        where = exc.where or (
            f"at line {number + exc.line + 1}: "
            f"{exc.text.decode('utf-8', 'backslashreplace')[:100]!r}"
        )
        raise UnsafeOutputError(
            f"{display + ': ' if display else ''}the module toolgen made is not data ({exc}, "
            f"{where}), so it was not written. This is a bug in toolgen."
        ) from None


class ListItemProof:
    """Proves that list items are, each alone, data in a list constant (an element, or several,
    each with its trailing comma): read by the same automaton as a whole module, an item leads
    from inside a list back to inside it.

    The automaton reads line by line, each line's effect depending on the line and the stack
    only; so a module in which such an item stands in a list proves data exactly when the same
    module with any other such item in its place does. A build proves each tool's items when it
    makes them (in the worker that makes them; the cache, which is authenticated, holds only
    items proved so), and the module around them with a stand-in item in their place: a
    rebuild after one edit proves one tool's items, not the whole module again.

    One proof lives for one build: the effects of the lines it has read are kept, and the
    items of thousands of tools share most of their lines.
    """

    def __init__(self) -> None:
        self._constants = _Constants(frozenset())
        self._inside = self._constants.run([b"X = ["], "")

    def check(self, items: Sequence[bytes | memoryview], display: str = "") -> None:
        """Raises:
        UnsafeOutputError: an item that is not data in a list; the message says why.
        """
        for item in items:
            try:
                lines = _checked_lines(bytes(item) + b"\n")
                after = self._constants.run(lines, self._inside)
            except _Refused as exc:
                after = f"refused: {exc}"
            if after != self._inside:
                text = bytes(item)[:100].decode("utf-8", "backslashreplace")
                raise UnsafeOutputError(
                    f"{display + ': ' if display else ''}a list item toolgen made is not an "
                    f"element of a list ({after or 'it ends the list'}): {text!r}. This is a "
                    "bug in toolgen."
                )


def ensure_list_items(items: Sequence[bytes | memoryview], display: str = "") -> None:
    """:meth:`ListItemProof.check` with a proof of its own."""
    ListItemProof().check(items, display)


class _Constants:
    """The automaton over the constants' lines.

    A line can touch only the frames its unmatched closing brackets reach and the frame under
    them: the top ``width`` characters of the stack (between constants, the stack is empty).
    ``effects`` holds, for each line met, that width and what the line turned each top it
    met into: a module's lines repeat, so nearly every line is two look-ups.
    """

    def __init__(self, imported: frozenset[str]) -> None:
        self.imported = imported
        self.effects: dict[bytes, tuple[int, dict[str, str], int]] = {}
        """For each line: its width, the tops it met and what it made of them, and how far its
        brackets rise above where it starts (two characters a bracket, as frames)."""
        self.forms: dict[bytes, str | None] = {}
        self.steps: dict[tuple[str, str], str] = {}
        """What a form does to a top, whatever line it is the form of (a name map's thousands
        of ``"name": "name",`` lines are one form)."""

    def run(self, lines: list[bytes], stack: str) -> str:
        """The stack after ``lines``, from ``stack``."""
        effects = self.effects
        for line in lines:
            try:
                width, after, rise = effects[line]
                if len(stack) + rise > _DEEPEST:
                    raise _too_deep()
                stack = stack[:-width] + after[stack[-width:]]
            except KeyError:
                stack = self._learn(line, stack)
        return stack

    def _learn(self, line: bytes, stack: str) -> str:
        """The stack after a line met for the first time, or on a top not met before."""
        if line not in self.effects:
            try:
                form, width, rise = _form(line)
            except _Refused:  # a comment, a constant's first line, or not data
                form, width, rise = None, 2, _statement_rise(line)
            self.forms[line] = form
            self.effects[line] = (width, {}, rise)
        width, after, rise = self.effects[line]
        if len(stack) + rise > _DEEPEST:
            raise _too_deep()
        form = self.forms[line]
        top = stack[-width:]
        if not top:
            after[top] = _statement(line, self.imported)
        elif form is None:
            _form(line)  # raises: why the line cannot be part of a value
        else:
            new = self.steps.get((form, top))
            if new is None:
                new = _step(form, top)
                new = "" if new == "=e" else new  # a complete value ends the statement
                self.steps[(form, top)] = new
            after[top] = new
        return stack[:-width] + after[top]


def _batches(pieces: Sequence[bytes | memoryview]) -> Iterator[list[bytes]]:
    """The lines of the pieces joined, without their newlines, in lists of about
    ``BATCH_BYTES`` each: a piece is never joined whole, nor all the lines made at once, so a
    large module is checked in little more memory than a megabyte's lines. The last line,
    after the last newline, is the last list's last: usually empty.

    Each list's text is UTF-8, without a control character or a line break other than
    ``\\n``.

    Raises:
        _Refused: with ``line``, the index in its list of the line that is not.
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
    refused = _Refused(why)
    refused.line = text.count(b"\n", 0, start)
    refused.text = text[text.rfind(b"\n", 0, start) + 1 :].split(b"\n", 1)[0]
    raise refused


def _failing_line(lines: list[bytes], stack: str, imported: frozenset[str]) -> int:
    """The index of the first of ``lines`` that is refused, from ``stack`` on."""
    for index, line in enumerate(lines):
        try:
            stack = _Constants(imported).run([line], stack)
        except _Refused:
            return index
    raise AssertionError("no line was refused")  # pragma: no cover


def _check_head(lines: list[bytes]) -> frozenset[str]:
    """The lines before the first constant, parsed with :mod:`ast`: one docstring first, then
    only ``from typing import ...`` (and literal assignments); the names it imports."""
    import ast
    import warnings

    source = b"".join(line + b"\n" for line in lines)  # checked for control characters already
    for line in lines[:2]:
        cookie = _COOKIE.match(line)
        if cookie and cookie.group(1).lower().replace(b"_", b"-") not in (b"utf-8", b"utf8"):
            raise _Refused("an encoding declaration")
    try:
        with warnings.catch_warnings():  # an invalid escape, say: soon an error in Python
            warnings.simplefilter("error", SyntaxWarning)
            warnings.simplefilter("error", DeprecationWarning)
            tree = ast.parse(source)
    except (SyntaxError, ValueError, SyntaxWarning, DeprecationWarning) as exc:
        raise _Refused(f"the module's head does not parse cleanly: {exc}") from None
    body = tree.body
    if not (
        body
        and isinstance(body[0], ast.Expr)
        and isinstance(body[0].value, ast.Constant)
        and isinstance(body[0].value.value, str)
    ):
        raise _Refused("no module docstring")
    names: set[str] = set()
    for statement in body[1:]:
        if (
            isinstance(statement, ast.ImportFrom)
            and statement.module == "typing"
            and statement.level == 0
            and all(a.name != "*" and a.asname is None for a in statement.names)
        ):
            names.update(a.name for a in statement.names)
        elif isinstance(statement, ast.Assign) and all(
            isinstance(t, ast.Name) and _NAME.fullmatch(t.id) for t in statement.targets
        ):
            _check_literal(statement.value)
        elif (
            isinstance(statement, ast.AnnAssign)
            and isinstance(statement.target, ast.Name)
            and _NAME.fullmatch(statement.target.id)
            and statement.value is not None
        ):
            _check_annotation(ast.unparse(statement.annotation), frozenset(names))
            _check_literal(statement.value)
        else:
            raise _Refused(f"a statement that is not data: {ast.unparse(statement)[:80]!r}")
    return frozenset(names)


def _check_literal(node: object) -> None:
    import ast

    todo = [node]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Constant):
            if type(node.value) not in (str, int, float, bool, type(None)):
                raise _Refused("a constant that is not JSON data")
        elif isinstance(node, ast.List):
            todo.extend(node.elts)
        elif isinstance(node, ast.Dict):
            for key in node.keys:
                if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                    raise _Refused("a dict key that is not a string")
            todo.extend(node.values)
        elif not (
            isinstance(node, ast.UnaryOp)
            and isinstance(node.op, ast.USub)
            and isinstance(node.operand, ast.Constant)
            and type(node.operand.value) in (int, float)
        ):
            raise _Refused("an expression that is not a literal")


def _check_annotation(text: str, imported: frozenset[str]) -> None:
    """A constant's annotation names builtin types and names imported from typing only,
    subscripted."""
    import ast

    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError:
        raise _Refused("an annotation that does not parse") from None
    for node in ast.walk(tree.body):
        if isinstance(node, ast.Name):
            if node.id not in _TYPES and node.id not in imported:
                raise _Refused(f"an annotation naming {node.id!r}")
        elif not isinstance(node, (ast.Subscript, ast.Tuple, ast.Load)):
            raise _Refused("an annotation that is not a type")


def _statement(line: bytes, imported: frozenset[str]) -> str:
    """A line between constants: blank, a comment, or a constant's first line (the stack it
    leaves)."""
    if not line.strip(b" "):
        return ""
    if line.startswith(b"#"):  # its text was checked with its batch's
        return ""
    head = _HEAD.fullmatch(line)
    if head is None:
        raise _Refused("a statement that is not a constant")
    if head.group(2) is not None:
        _check_annotation(head.group(2).decode(), imported)
    form, _, _ = _form(head.group(3))
    if not form:
        raise _Refused("a constant without a value on its line")
    after = _step(form, "=w")
    if after == "=w":
        raise _Refused("a constant without a value")
    return "" if after == "=e" else after


def _form(line: bytes) -> tuple[str, int, int]:
    """The line's tokens in short (``s`` a string, ``a`` another literal, punctuation as it
    is); the width of the top frames the line may touch: two characters for each frame its
    unmatched closing brackets close, and two for the frame under them; and its rise: two
    characters for each bracket open at its deepest point beyond those open where it starts."""
    if not _TOKENS.fullmatch(line):
        raise _Refused("a token that is not part of a literal")
    form = _ATOMS.sub(b"a", _STRINGS.sub(b"s", line)).replace(b" ", b"").decode("ascii")
    depth = closed = peak = 0
    for token in form:
        if token in "[{(":
            depth += 1
            peak = max(peak, depth)
        elif token in "]})":
            depth -= 1
            closed = max(closed, -depth)
    return form, 2 * closed + 2, 2 * peak


def _statement_rise(line: bytes) -> int:
    """The rise of a constant's first line (its statement's frame and its value's brackets);
    0 for another line that is no value's."""
    head = _HEAD.fullmatch(line)
    if head is None:
        return 0
    try:
        return 2 + _form(head.group(3))[2]
    except _Refused:
        return 0  # refused again, with its reason, when the line is read


def _too_deep() -> _Refused:
    return _Refused(
        f"more than {MAX_NESTING} brackets open at once, which Python refuses to import"
    )


def _step(form: str, stack: str) -> str:
    """The stack after the tokens ``form``.

    Two characters a frame: what is open (``=`` the statement, ``[``, ``{``, or ``(`` around
    one value, as black puts a long value in parentheses), and what may come next in it:
    ``w`` a value, ``v`` a value or the end of the list, ``k`` a key (a string) or the end of
    the dict, ``:`` the colon after a key, ``c`` a comma or the end, ``e`` the end of the
    statement.

    Raises:
        _Refused: the tokens are not part of a literal there.
    """
    frames = [stack[i : i + 2] for i in range(0, len(stack), 2)]
    for token in form:
        if not frames:
            raise _Refused("a closing bracket that closes nothing")
        kind, phase = frames[-1][0], frames[-1][1]
        if token in "sa[{(":  # a value
            if kind == "{" and phase == "k":
                if token != "s":
                    raise _Refused("a dict key that is not a string")
                frames[-1] = "{:"
                continue
            if phase not in "vw":
                raise _Refused("a value where none may be")
            frames[-1] = kind + ("e" if kind == "=" else "c")
            if token in "[{(":
                frames.append(token + _FIRST[token])
        elif token == ",":
            if phase != "c" or kind not in "[{":
                raise _Refused("a comma where none may be")
            frames[-1] = "[v" if kind == "[" else "{k"
        elif token == ":":
            if frames[-1] != "{:":
                raise _Refused("a colon where none may be")
            frames[-1] = "{w"
        elif token in _CLOSES:
            if kind != _CLOSES[token] or phase not in ("c" if kind == "(" else "vkc"):
                raise _Refused("a closing bracket where none may be")
            frames.pop()
        else:
            raise _Refused("a token that is not part of a literal")
    return "".join(frames)


def is_fresh(existing: bytes | None, expected: bytes) -> bool:
    """Whether the file holds exactly ``expected``, byte for byte, toolgen's version aside: bytes
    that are not valid UTF-8, or a line end changed, make it stale."""
    return existing is not None and without_version_bytes(existing) == without_version_bytes(
        expected
    )


def unified_diff(display: str, existing: bytes | None, expected: bytes) -> str:
    """The diff from the file on disk to what ``toolgen build`` would write (bytes that are not
    UTF-8 shown as escapes; lines split at ``\n`` only, as the file's lines are)."""
    import difflib  # only a stale output needs it

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
