"""What ``toolgen show`` says of a tool's reading: whose rules read it, found how, its
description and its parameters' descriptions taken from where, and its plugin name's origin."""

from __future__ import annotations

from typing import Final

from toolgen.frameworks.candidate import Candidate
from toolgen.frameworks.rules import DocstringRule

_DESCRIBED: Final = {
    "summary": "the docstring's summary",
    "intro": "the docstring's text before its first section",
    "whole": "the whole docstring",
    "none": "none (the framework is told not to read the docstring)",
    "without_params": "the whole docstring but its parameter section",
    "until_args": "the docstring up to its Args:, Returns: or Raises: line",
    "signature": "the tool's name and the function's signature as Python prints it, then the "
    "whole docstring",
}


def rule_notes(c: Candidate, rule: DocstringRule, description_override: str | None) -> list[str]:
    """The decisions that made the candidate's tool, read by ``rule``, in the order shown."""
    out: list[str] = []
    how = "select = public"
    if c.decorator is not None:
        how = "its decorator" if c.decorator in c.function.decorators else "a call"
    elif c.owner is not None:
        how = "a tools list"
    source = "the decorator" if description_override is not None else _DESCRIBED[rule.description]
    words = {"field": "Field/Param", "text": "Annotated text", "docstring": "the docstring"}
    params = ", then ".join(words[k] for k in rule.precedence if rule.params or k != "docstring")
    out.append(
        f"read by the rules of {c.rule.framework} ({how}); description: {source}; "
        f"parameter descriptions: {params}"
    )
    if c.prefix:
        origin = (
            f"from the call at {c.named_at}" if c.named_at else "(no call toolgen sees names it)"
        )
        out.append(f"plugin name '{c.prefix[:-1]}' {origin}")
    return out
