"""The rule pieces more than one preset, or a preset and its framework's reader, use."""

from __future__ import annotations

from typing import Final

from toolgen.frameworks.rules import DecoratorRule

PYDANTIC_WAY: Final = ("field", "docstring")
"""Where pydantic-based frameworks find a parameter's description: pydantic ignores a plain
string in ``Annotated``."""

LLAMA_INDEX_FROM_DEFAULTS: Final = "llama_index.core.tools.FunctionTool.from_defaults"
"""The call the llama-index preset reads and :mod:`toolgen.frameworks.llama_index` reads a
``BaseToolSpec``'s methods as."""


def methods(
    classes: tuple[str, ...], names: tuple[str, ...], rule: DecoratorRule
) -> dict[str, DecoratorRule]:
    """``rule`` for each of ``names`` as a method of each of ``classes`` (``FastMCP.tool``)."""
    return {f"{cls}.{name}": rule for cls in classes for name in names}
