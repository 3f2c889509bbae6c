"""What each agent framework means by a tool: one module per preset, loaded by its name.

Data, not code paths: ``select`` and ``tools`` consult these presets. A preset's decorators and
types are qualified names, matched through the file's imports (``from mcp.server.fastmcp import
FastMCP``, ``mcp = FastMCP(...)``, ``@mcp.tool()``), never by spelling; so a preset applies
exactly to the files that import its framework. ``frameworks = [...]`` in ``[tool.toolgen]``
narrows the list, and a build loads only the presets it names.

The names are ``settings.PRESET_NAMES`` (the settings check ``frameworks = [...]`` against them
without loading a preset); the preset ``semantic-kernel`` is the module ``semantic_kernel.py``
here, whose ``FRAMEWORK`` it is. Adding a preset is its name there and its module here.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Final

from toolgen.frameworks.rules import DecoratorRule, DocstringRule, Framework
from toolgen.settings import PRESET_NAMES

_TOOLGEN_DOCS = DocstringRule("summary", True)

TOOLGEN_RULE: Final = DecoratorRule(
    "toolgen",
    name_keywords=frozenset({"name"}),
    docstring=_TOOLGEN_DOCS,
    annotations_keyword="annotations",
    examples_keyword="examples",
    defer_keyword="defer_loading",
)
CONFIGURED_RULE: Final = DecoratorRule(
    "configured",
    name_keywords=frozenset({"name", "name_override"}),
    description_keywords=frozenset({"description", "description_override"}),
    positional=("name",),
    docstring=_TOOLGEN_DOCS,
)
"""A decorator named in ``decorators = [...]``: the common keywords, a leading string as name."""


def preset(name: str) -> Framework:
    """The preset ``name`` (one of ``settings.PRESET_NAMES``), its module loaded on first use."""
    framework: Framework = importlib.import_module(f"{__name__}.{name.replace('-', '_')}").FRAMEWORK
    return framework


@cache  # called for every module built; the presets in force are one tuple per target
def active(names: tuple[str, ...] | None) -> tuple[Framework, ...]:
    """The presets in force: all of them in ``PRESET_NAMES``' order, or those ``frameworks =
    [...]`` names, in its order."""
    return tuple(preset(n) for n in (PRESET_NAMES if names is None else names) if n in PRESET_NAMES)


def owner_kind(lineage: list[str], frameworks: tuple[Framework, ...]) -> str | None:
    """The kind of owner an instance of a class is (``"mcp-server"``, ``"agent"``, ...), from
    the class's lineage (its qualified name and its ancestors'); ``None``: not an owner."""
    for qualname in lineage:
        for framework in frameworks:
            kind = framework.owners.get(qualname)
            if kind is not None:
                return kind
    return None


__all__ = ["CONFIGURED_RULE", "TOOLGEN_RULE", "active", "owner_kind", "preset"]
