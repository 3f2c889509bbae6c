"""Constants' texts an earlier build rendered, reused by the build that renders them again."""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from toolgen.render import RenderedConstant


class Reuse:
    """The texts of an earlier build's constants by :func:`value_key` (``known``), and this
    build's (``made``): what the next build may reuse."""

    __slots__ = ("given", "known", "made")

    def __init__(self, known: Mapping[str, bytes | memoryview]) -> None:
        self.known = known
        self.made: dict[str, bytes | memoryview] = {}
        self.given: dict[int, tuple[RenderedConstant, str]] = {}
        """Each constant given within the block, by identity, with its key."""


_ACTIVE: list[Reuse] = []
"""The reuse of the assembly in progress in this process, if any (:func:`reusing`)."""


@contextlib.contextmanager
def reusing(known: Mapping[str, bytes | memoryview]) -> Iterator[Reuse]:
    """Within this block, :func:`~toolgen.render.render_constant` takes a constant's text from
    ``known`` when it was rendered from the same name, annotation, value and line length, and
    records every text it gives in the :class:`Reuse` yielded."""
    reuse = Reuse(known)
    _ACTIVE.append(reuse)
    try:
        yield reuse
    finally:
        _ACTIVE.remove(reuse)


def active() -> Reuse | None:
    return _ACTIVE[-1] if _ACTIVE else None


def value_key(name: str, annotation: str, value: Any, line_length: int) -> str:
    """What a constant's text is made from, hashed: its name, annotation and line length, and
    its value's ``repr``, which tells apart every two values the emitter writes apart (``1``,
    ``1.0``, ``True`` and ``"1"``; dicts in their order, as the emitter writes them). The
    emitter's own code is the cache namespace's."""
    text = repr((name, annotation, line_length, value))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


__all__ = ["Reuse", "active", "reusing", "value_key"]
