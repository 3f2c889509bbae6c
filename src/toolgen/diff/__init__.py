"""``toolgen diff``: what changed between two versions of the generated tool schemas, rule by
rule, with who it breaks (docs/diff.md).

- :mod:`toolgen.diff.load`: generated modules read as data; a revision's outputs from git
- :mod:`toolgen.diff.rules`: the IR compared tool by tool (the rule table is in ``model``), each
  tool's parameters by :mod:`toolgen.diff.schemas`, values shown by :mod:`toolgen.diff.values`
- :mod:`toolgen.diff.wire`: per provider, what the adapters changed, and the bytes it costs
- :mod:`toolgen.diff.targets`: which versions to compare (git, a fresh build, files)
- :mod:`toolgen.diff.report`: text, Markdown and JSON
"""

from __future__ import annotations

from toolgen.diff.model import RULES, Change, Cost, DiffResult, Level, Rule, TargetDiff

__all__ = ["RULES", "Change", "Cost", "DiffResult", "Level", "Rule", "TargetDiff"]
