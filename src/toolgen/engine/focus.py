"""What ``toolgen show`` prints of one module: loaded by that command alone."""

from __future__ import annotations

from dataclasses import dataclass

from toolgen.forms import ModuleResult
from toolgen.ir import ToolDef


@dataclass(frozen=True, slots=True)
class Focus:
    """The tools of one module, as IR, with the decisions that made them (``toolgen show``)."""

    tools: tuple[ToolDef, ...]
    result: ModuleResult
    notes: tuple[tuple[str, str], ...]
