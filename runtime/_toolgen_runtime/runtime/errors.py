"""``ArgumentError``: a call the function cannot take, said so that the model can correct it."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any, Final

__all__ = ["ArgumentError", "pointer", "shown"]

SHOWN: Final = 80
"""How much of a value a message quotes: enough to recognise it, never a whole document."""
LISTED: Final = 20
"""How many problems the text lists (the rest are counted): it goes back into the model's
context, whatever came."""


def pointer(parts: Iterable[str | int]) -> str:
    """A JSON pointer (RFC 6901) from its parts: ``("book", "genre")`` → ``"/book/genre"``."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def shown(value: Any) -> str:
    """``value`` as JSON text, cut to :data:`SHOWN` characters (a value JSON cannot say is
    described by its kind only: the model sent JSON, so it is rarely met)."""
    try:
        text = json.dumps(value, ensure_ascii=False, sort_keys=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        text = f"<{type(value).__name__}>"
    return _cut(text)


def _cut(text: str) -> str:
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


def _said(text: str) -> str:
    """A name or pointer from the call, as the text says it: control characters escaped, cut."""
    return _cut(json.dumps(text[: SHOWN * 2], ensure_ascii=False)[1:-1])


class ArgumentError(Exception):
    """A tool call that cannot reach its function: an unknown tool, JSON that does not parse,
    or arguments the function's types refuse.

    ``errors`` lists each problem as ``{"path": JSON pointer into the arguments ("" for the
    whole call), "message": ...}``; ``str()`` is short text meant for the model, which can
    correct its call from it: the tool, each problem at its path, what was expected and what
    came. It names no Python internals (classes, tracebacks, library URLs).
    """

    def __init__(self, tool: str | None, errors: Iterable[Mapping[str, str]]) -> None:
        self.tool = tool
        self.errors: list[dict[str, str]] = [
            {"path": e["path"], "message": e["message"]} for e in errors
        ]
        super().__init__(self._text())

    def _text(self) -> str:
        what = f"tool '{_said(self.tool)}'" if self.tool is not None else "the tool call"
        if len(self.errors) == 1 and not self.errors[0]["path"]:
            return f"The call to {what} was refused: {self.errors[0]['message'][:SHOWN * 4]}."
        lines = [f"The arguments of {what} were refused; correct them and call it again:"]
        for error in self.errors[:LISTED]:
            where = _said(error["path"]) or "(the arguments)"
            lines.append(f"- {where}: {error['message'][:SHOWN * 2]}")
        if len(self.errors) > LISTED:
            lines.append(f"- … and {len(self.errors) - LISTED} more")
        return "\n".join(lines)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.tool, self.errors))
