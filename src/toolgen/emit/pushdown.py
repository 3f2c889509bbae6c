"""The automaton that reads a generated module's constants line by line, proving them data.

Each distinct line is tokenized once, by the tokens of :mod:`toolgen.grammar`, into the short
form of its tokens (``"name": "ping",`` is ``s:s,``), and a pushdown automaton, whose state is
the stack of open displays, matches the forms; a line's effect on a stack is worked out once.
A large module has a few thousand distinct lines, so its hundreds of thousands of lines are
dictionary look-ups.
"""

from __future__ import annotations

import re
from typing import Final

from toolgen import grammar
from toolgen.emit.head import Refused, check_annotation
from toolgen.ir import MAX_NESTING

HEAD: Final = re.compile(grammar.HEAD.encode())
# The tokens of a constant's value, as Python's tokenizer reads them: the grammar's, and a
# number or keyword followed by no character that would make the tokenizer read a longer token.
_STRING: Final = grammar.STRING.encode()
_ATOM: Final = (
    rb"(?:" + grammar.NUMBER.encode() + rb")(?![0-9A-Za-z_.\x80-\xff])"
    rb"|(?:" + "|".join(grammar.KEYWORDS).encode() + rb")(?![0-9A-Za-z_\x80-\xff])"
)
_TOKENS: Final = re.compile(
    rb"(?:" + _STRING + rb"|" + _ATOM + rb"|[" + re.escape(grammar.PUNCTUATION).encode() + rb"])*"
)
_STRINGS: Final = re.compile(_STRING)
_PAIR: Final = re.compile(rb" *(?:" + _STRING + rb"): (?:" + _STRING + rb"),")
"""A dict's entry of two strings on its line (``"name": "ping",``): most of the lines met for
the first time are (a name map's, a fingerprint's, a description's), and nothing else has
these tokens, so they are read in one match, of the same strings' pattern, as ``s:s,``."""
_ATOMS: Final = re.compile(_ATOM)
_CLOSES: Final = {"]": "[", "}": "{", ")": "("}
_FIRST: Final = {"[": "v", "{": "k", "(": "w"}
DEEPEST: Final = 2 * (MAX_NESTING + 1)
"""The longest stack a module that imports can leave: the statement's frame and
:data:`~toolgen.ir.MAX_NESTING` open brackets, two characters each."""


class Automaton:
    """The automaton over the constants' lines.

    A line can touch only the frames its unmatched closing brackets reach and the frame under
    them: the top ``width`` characters of the stack (between constants, the stack is empty).
    What a line makes of a stack is worked out once, from that top, and kept in ``effects``
    by the whole stack: a module's lines repeat, and so do the stacks they meet, so nearly
    every line is two look-ups (a stack kept is one the depth bound let through).
    """

    def __init__(self, imported: frozenset[str]) -> None:
        self.imported = imported
        self.effects: dict[bytes, dict[str, str]] = {}
        """For each line met: the stacks it met, each with the stack it left."""
        self.forms: dict[bytes, tuple[str | None, int, int]] = {}
        """For each line met: its form (``None``: none of a value's), its width, and how far its
        brackets rise above where it starts (two characters a bracket, as frames)."""
        self.steps: dict[tuple[str, str], str] = {}
        """What a form does to a top, whatever line it is the form of (a name map's thousands
        of ``"name": "name",`` lines are one form)."""
        self.shared: dict[str, dict[str, str]] = {}
        """The effects of each form of a value's tokens, which all its lines share: within a
        value what a line makes of a stack depends on its form alone, and between constants
        (the empty stack) such a line is refused whatever it is, and nothing is kept. Blank
        lines (the form ``""``), comments and constants' first lines (no form) are read
        there: each keeps effects of its own."""

    def run(self, lines: list[bytes], stack: str) -> str:
        """The stack after ``lines``, from ``stack``.

        Raises:
            Refused: a line that is not data there.
        """
        effects = self.effects
        for line in lines:
            try:
                stack = effects[line][stack]
            except KeyError:
                stack = self._learn(line, stack)
        return stack

    def _learn(self, line: bytes, stack: str) -> str:
        """The stack after a line met for the first time, or on a stack not met before."""
        known = self.forms.get(line)
        if known is None:
            try:
                known = _form(line)
            except Refused:  # a comment, a constant's first line, or not data
                known = (None, 2, _statement_rise(line))
            self.forms[line] = known
            self.effects[line] = self.shared.setdefault(known[0], {}) if known[0] else {}
        form, width, rise = known
        if len(stack) + rise > DEEPEST:
            raise _too_deep()
        top = stack[-width:]
        if not top:
            new = _statement(line, self.imported)
        elif form is None:
            _form(line)  # raises: why the line cannot be part of a value
            raise AssertionError("unreachable")  # pragma: no cover
        else:
            found = self.steps.get((form, top))
            if found is None:
                found = _step(form, top)
                found = "" if found == "=e" else found  # a complete value ends the statement
                self.steps[(form, top)] = found
            new = found
        after = stack[:-width] + new
        self.effects[line][stack] = after
        return after


def failing_line(lines: list[bytes], stack: str, imported: frozenset[str]) -> int:
    """The index of the first of ``lines`` that is refused, from ``stack`` on."""
    for index, line in enumerate(lines):
        try:
            stack = Automaton(imported).run([line], stack)
        except Refused:
            return index
    raise AssertionError("no line was refused")  # pragma: no cover


def _statement(line: bytes, imported: frozenset[str]) -> str:
    """A line between constants: blank, a comment, or a constant's first line (the stack it
    leaves)."""
    if not line.strip(b" "):
        return ""
    if line.startswith(b"#"):  # its text was checked with its batch's
        return ""
    head = HEAD.fullmatch(line)
    if head is None:
        raise Refused("a statement that is not a constant")
    if head.group(2) is not None:
        check_annotation(head.group(2).decode(), imported)
    form, _, _ = _form(head.group(3))
    if not form:
        raise Refused("a constant without a value on its line")
    after = _step(form, "=w")
    if after == "=w":
        raise Refused("a constant without a value")
    return "" if after == "=e" else after


def is_pair(line: bytes) -> bool:
    """Whether ``line`` is one dict entry of two strings on its line (``"name": "ping",``), which
    leads from inside a dict back to inside it (the form ``s:s,``, as :func:`_form` reads it),
    without a look-up: most of a tool's name-map entries are."""
    return _PAIR.fullmatch(line) is not None


def _form(line: bytes) -> tuple[str, int, int]:
    """The line's tokens in short (``s`` a string, ``a`` another literal, punctuation as it
    is); the width of the top frames the line may touch: two characters for each frame its
    unmatched closing brackets close, and two for the frame under them; and its rise: two
    characters for each bracket open at its deepest point beyond those open where it starts."""
    if _PAIR.fullmatch(line):
        return "s:s,", 2, 0
    if not _TOKENS.fullmatch(line):
        raise Refused("a token that is not part of a literal")
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
    head = HEAD.fullmatch(line)
    if head is None:
        return 0
    try:
        return 2 + _form(head.group(3))[2]
    except Refused:
        return 0  # refused again, with its reason, when the line is read


def _too_deep() -> Refused:
    return Refused(f"more than {MAX_NESTING} brackets open at once, which Python refuses to import")


def _step(form: str, stack: str) -> str:
    """The stack after the tokens ``form``.

    Two characters a frame: what is open (``=`` the statement, ``[``, ``{``, or ``(`` around
    one value, as black puts a long value in parentheses), and what may come next in it:
    ``w`` a value, ``v`` a value or the end of the list, ``k`` a key (a string) or the end of
    the dict, ``:`` the colon after a key, ``c`` a comma or the end, ``e`` the end of the
    statement.

    Raises:
        Refused: the tokens are not part of a literal there.
    """
    frames = [stack[i : i + 2] for i in range(0, len(stack), 2)]
    for token in form:
        if not frames:
            raise Refused("a closing bracket that closes nothing")
        kind, phase = frames[-1][0], frames[-1][1]
        if token in "sa[{(":  # a value
            if kind == "{" and phase == "k":
                if token != "s":
                    raise Refused("a dict key that is not a string")
                frames[-1] = "{:"
                continue
            if phase not in "vw":
                raise Refused("a value where none may be")
            frames[-1] = kind + ("e" if kind == "=" else "c")
            if token in "[{(":
                frames.append(token + _FIRST[token])
        elif token == ",":
            if phase != "c" or kind not in "[{":
                raise Refused("a comma where none may be")
            frames[-1] = "[v" if kind == "[" else "{k"
        elif token == ":":
            if frames[-1] != "{:":
                raise Refused("a colon where none may be")
            frames[-1] = "{w"
        elif token in _CLOSES:
            if kind != _CLOSES[token] or phase not in ("c" if kind == "(" else "vkc"):
                raise Refused("a closing bracket where none may be")
            frames.pop()
        else:
            raise Refused("a token that is not part of a literal")
    return "".join(frames)
