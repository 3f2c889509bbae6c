"""What each agent framework means by a tool, as data, and beside it the small readers that
apply it: ``rules`` (the shapes of the data), ``presets`` (each framework's, a module each),
``describe`` (a description by a framework's docstring rule), ``owners`` (who a tool belongs to)."""

from __future__ import annotations

from toolgen.frameworks.presets import CONFIGURED_RULE, TOOLGEN_RULE, active, owner_kind, preset
from toolgen.frameworks.rules import DecoratorRule, DocstringRule, Framework

__all__ = [
    "CONFIGURED_RULE",
    "TOOLGEN_RULE",
    "DecoratorRule",
    "DocstringRule",
    "Framework",
    "active",
    "owner_kind",
    "preset",
]
