"""Run-time markers users import: ``tool`` and ``Param``; both are no-ops at run time.

This file is also the whole of the ``toolgen-runtime`` distribution (``runtime/toolgen.py``, a
byte-for-byte copy that a test keeps equal): there it is the top-level module ``toolgen``, so a
deployed service runs ``from toolgen import tool, Param`` with none of the build's dependencies.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar, overload

F = TypeVar("F", bound=Callable[..., Any])

__all__ = ["Param", "tool"]


@overload
def tool(func: F, /) -> F: ...


@overload
def tool(
    *,
    name: str | None = None,
    description: str | None = None,
    annotations: Mapping[str, bool | str] | None = None,
    examples: Sequence[Mapping[str, Any]] | None = None,
    defer_loading: bool = False,
) -> Callable[[F], F]: ...


def tool(
    func: F | None = None,
    /,
    *,
    name: str | None = None,
    description: str | None = None,
    annotations: Mapping[str, bool | str] | None = None,
    examples: Sequence[Mapping[str, Any]] | None = None,
    defer_loading: bool = False,
) -> F | Callable[[F], F]:
    """Mark a function as an LLM tool; toolgen reads the mark statically.

    Works bare (``@tool``) and called (``@tool(name=..., description=...)``).
    The function is returned unchanged: nothing is registered at run time.

    Args:
        func: The decorated function, when used bare.
        name: The tool's name, instead of the function's name.
        description: The tool's description, instead of the docstring summary.
        annotations: MCP tool annotations (``{"readOnlyHint": True, "openWorldHint": False}``;
            also ``destructiveHint``, ``idempotentHint``, ``title``), sent in ``TOOLS_MCP``.
        examples: Example calls' arguments, checked against the parameters at build time and
            sent as Anthropic's ``input_examples``.
        defer_loading: Load the tool only when tool search finds it (Anthropic, OpenAI
            Responses).
    """
    if func is not None:
        return func

    def mark(inner: F) -> F:
        return inner

    return mark


class Param:
    """Metadata for a parameter inside ``Annotated[T, Param(desc=...)]``.

    ``desc`` and ``description`` are aliases (the Rust ``#[param(desc = ...)]``). A plain
    class, not a dataclass, so that ``import toolgen`` costs users almost nothing.
    """

    __slots__ = ("desc", "description")

    def __init__(self, desc: str | None = None, description: str | None = None) -> None:
        self.desc = desc
        self.description = description

    def __repr__(self) -> str:
        return f"Param(desc={self.desc!r}, description={self.description!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Param):
            return NotImplemented
        return (self.desc, self.description) == (other.desc, other.description)

    def __hash__(self) -> int:
        return hash((self.desc, self.description))

    @property
    def text(self) -> str | None:
        """The description, whichever alias gave it."""
        return self.desc if self.desc is not None else self.description


if __name__ == "toolgen":  # the runtime distribution: ``toolgen.markers`` names this module too
    markers = sys.modules.setdefault("toolgen.markers", sys.modules[__name__])
    # and ``toolgen.runtime`` is found in the folder beside it, which holds nothing else: a
    # module with a ``__path__`` is a package, and the two distributions still share no file.
    __path__ = [os.path.join(os.path.dirname(__file__), "_toolgen_runtime")]
