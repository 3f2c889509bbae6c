"""What a diff reports: the rule table, and one ``Change`` per finding.

Rule ids are stable (kebab-case, never reused for another meaning): scripts and review bots
may key on them. docs/diff.md lists every rule with an example.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final


class Level(str, Enum):
    """How a change affects those who already use the tools, most severe first."""

    BREAKING = "breaking"
    NON_BREAKING = "non-breaking"
    INFO = "info"

    @property
    def rank(self) -> int:
        return _RANK[self]


_RANK: Final = {Level.BREAKING: 0, Level.NON_BREAKING: 1, Level.INFO: 2}


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    level: Level
    category: str
    """``tool``, ``parameter``, ``type``, ``enum``, ``constraint``, ``object``, ``default``,
    ``text``, ``wire``: what the rule looks at."""
    summary: str


def _rules(*rules: Rule) -> dict[str, Rule]:
    return {rule.id: rule for rule in rules}


B, N, INFO = Level.BREAKING, Level.NON_BREAKING, Level.INFO
RULES: Final[dict[str, Rule]] = _rules(
    # tools
    Rule("tool-removed", B, "tool", "a tool is gone: calls to it fail"),
    Rule("tool-renamed", B, "tool", "a tool removed and one added with identical parameters"),
    Rule("tool-added", N, "tool", "a new tool"),
    # parameters (also the properties of nested objects)
    Rule("parameter-removed", B, "parameter", "a parameter is gone"),
    Rule("parameter-became-required", B, "parameter", "an optional parameter is now required"),
    Rule("required-parameter-added", B, "parameter", "a new parameter callers must send"),
    Rule("optional-parameter-added", N, "parameter", "a new parameter callers may leave out"),
    Rule("parameter-became-optional", N, "parameter", "a required parameter may now be left out"),
    Rule(
        "parameter-order-changed", INFO, "parameter", "the parameters are listed in another order"
    ),
    # types
    Rule("type-narrowed", B, "type", "a type accepts fewer values (number→integer, a type gone)"),
    Rule("type-widened", N, "type", "a type accepts more values (integer→number, a type added)"),
    Rule("union-member-removed", B, "type", "a branch of anyOf/oneOf is gone"),
    Rule("union-member-added", N, "type", "a new branch of anyOf/oneOf"),
    # enumerations
    Rule("enum-value-removed", B, "enum", "a value of enum/const/Literal is no longer accepted"),
    Rule("enum-value-added", N, "enum", "a new value of enum/Literal is accepted"),
    Rule("enum-added", B, "enum", "a free value is now restricted to a list (enum/const)"),
    Rule("enum-removed", N, "enum", "a value restricted to a list is now free"),
    # constraints
    Rule(
        "constraint-tightened",
        B,
        "constraint",
        "maxLength lowered, minimum raised, pattern added or changed, ...",
    ),
    Rule(
        "constraint-loosened",
        N,
        "constraint",
        "maxLength raised, minimum lowered, pattern removed, ...",
    ),
    Rule("additional-properties-closed", B, "object", "an object no longer accepts other keys"),
    Rule("additional-properties-opened", N, "object", "an object now accepts other keys"),
    # defaults
    Rule("default-changed", B, "default", "the value used when a caller leaves a parameter out"),
    # text
    Rule(
        "description-changed", INFO, "text", "a description's words changed (what the model reads)"
    ),
    Rule("keyword-changed", INFO, "text", "another keyword changed (title, examples, ...)"),
    # per provider, on top of the IR
    Rule(
        "wire-name-changed",
        B,
        "wire",
        "the name a provider sees changed: dispatch by the old name fails",
    ),
    Rule(
        "strict-mode-left",
        B,
        "wire",
        "an OpenAI tool is no longer in strict mode: arguments are not guaranteed to match",
    ),
    Rule("strict-mode-entered", INFO, "wire", "an OpenAI tool is now in strict mode"),
    Rule(
        "gemini-json-schema-field",
        INFO,
        "wire",
        "a Gemini tool moved between `parameters` and `parametersJsonSchema`",
    ),
    Rule(
        "null-means-omitted-changed",
        INFO,
        "wire",
        "which optional parameters strict mode made nullable changed",
    ),
    Rule(
        "lossy-rewrite-added",
        INFO,
        "wire",
        "the adapter now drops or rewrites something the IR says",
    ),
    Rule("lossy-rewrite-removed", INFO, "wire", "a lossy rewrite of the adapter is gone"),
    Rule("provider-removed", B, "wire", "a provider's constant is no longer generated"),
    Rule("provider-added", N, "wire", "a provider's constant is generated now"),
    Rule(
        "wire-form-changed",
        INFO,
        "wire",
        "a provider's form changed while the IR did not (settings or toolgen changed)",
    ),
)


_NO_VALUE: Final = object()


@dataclass(frozen=True, slots=True)
class Change:
    """One finding: which rule, at which tool and JSON pointer (in the tool's IR, or in the
    provider's wire tool), with the values before and after when the rule compares two."""

    rule: str
    tool: str
    pointer: str
    message: str
    provider: str | None = None
    """``None``: the IR (``TOOLS``); else the provider whose form changed."""
    old: Any = _NO_VALUE
    new: Any = _NO_VALUE
    source: str | None = None
    """``path:line`` of the tool in the new version's sources, where it could be found."""
    extra: dict[str, Any] = field(default_factory=dict)
    owner: str | None = None
    """The owner (``module:name``) whose constants hold the tool, in a module with ``OWNERS``."""

    @property
    def level(self) -> Level:
        return RULES[self.rule].level

    @property
    def has_old(self) -> bool:
        return self.old is not _NO_VALUE

    @property
    def has_new(self) -> bool:
        return self.new is not _NO_VALUE

    def sort_key(self) -> tuple[Any, ...]:
        return (
            self.owner or "",
            self.tool,
            self.provider or "",
            self.pointer,
            self.level.rank,
            self.rule,
            self.message,
        )


@dataclass(frozen=True, slots=True)
class ToolCost:
    tool: str
    before: int
    after: int
    tokens_before: int = 0
    tokens_after: int = 0

    @property
    def change(self) -> int:
        return self.after - self.before


@dataclass(frozen=True, slots=True)
class Cost:
    """The bytes one constant's serialized tool list occupies in every request, before and
    after, and the tools whose share changed."""

    provider: str | None
    constant: str
    before: int
    after: int
    tools: tuple[ToolCost, ...]
    tokens_before: int = 0
    """The sum of its tools' tokens (:mod:`toolgen.diff.tokens`), before and after."""
    tokens_after: int = 0
    counter: str = ""
    """How tokens were counted: ``o200k_base``, or ``estimate: ...``."""
    owner: str | None = None
    """The owner (``module:name``) whose constant it is (``<PREFIX>_TOOLS_<P>``), else ``None``."""

    @property
    def change(self) -> int:
        return self.after - self.before


@dataclass(frozen=True, slots=True)
class Moved:
    """A fingerprint that moved: ``before`` or ``after`` is ``None`` where there was none."""

    name: str
    """A tool list (``TOOLS_OPENAI``) or, in its ``tools``, a tool's name in that list."""
    before: str | None
    after: str | None
    tools: tuple[Moved, ...] = ()


@dataclass(frozen=True, slots=True)
class TargetDiff:
    """The comparison of one output (a target's module or modules)."""

    output: str
    old: str
    new: str
    changes: tuple[Change, ...]
    costs: tuple[Cost, ...]
    tools_before: int
    tools_after: int
    fingerprints: tuple[Moved, ...] = ()
    """The tool lists whose ``FINGERPRINTS`` moved, each with its tools' that moved."""


@dataclass(frozen=True, slots=True)
class DiffResult:
    base: str | None
    targets: tuple[TargetDiff, ...]

    @property
    def changes(self) -> list[Change]:
        return [c for t in self.targets for c in t.changes]

    def counts(self) -> dict[Level, int]:
        counts = dict.fromkeys(Level, 0)
        for change in self.changes:
            counts[change.level] += 1
        return counts

    def worst(self) -> Level | None:
        levels = [c.level for c in self.changes]
        return min(levels, key=lambda level: level.rank) if levels else None
