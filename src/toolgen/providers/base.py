"""The adapter contract, the options adapters read, and each provider's tool-name rule."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any, Protocol

from toolgen.config import Target
from toolgen.ir import JsonSchema, ToolDef
from toolgen.providers.limits import NAME_LENGTH
from toolgen.providers.transforms import Losses


@dataclass(frozen=True, slots=True)
class AdapterOptions:
    """The settings adapters read, and no other: a tool's forms depend on its IR and these
    (and the line length they are printed at), so a setting outside them never makes a tool
    adapted again. Each is the ``config.Target`` setting of its name, declared there."""

    openai_strict: bool
    gemini_flavour: str
    gemini_schema_field: str
    recursion_depth: int
    max_inline_kb: int
    share_defs: str
    gemini_response: bool

    @classmethod
    def of(cls, target: Target) -> AdapterOptions:
        return cls(*option_values(target))


_OPTION_NAMES = tuple(f.name for f in fields(AdapterOptions))


def option_values(target: Target) -> tuple[Any, ...]:
    """The target's :class:`AdapterOptions`, in their order, as a plain tuple (what
    ``dataclasses.astuple`` of them gives, without its deep copy: every option is a scalar)."""
    return tuple(getattr(target, name) for name in _OPTION_NAMES)


@dataclass(frozen=True, slots=True)
class NameRule:
    """docs/providers.md, tool names: allowed characters, whether the first must be a letter or ``_``, max length."""

    allowed: str
    max_length: int
    leading_letter: bool = False

    def normalize(self, name: str) -> str:
        """Replace disallowed characters, fix the first one, shorten with a hash suffix."""
        out = re.sub(f"[^{self.allowed}]", "_", name)
        if self.leading_letter and not re.match(r"[A-Za-z_]", out):
            out = "_" + out
        if len(out) > self.max_length:
            digest = hashlib.sha256(name.encode("utf-8")).hexdigest()[:8]
            out = f"{out[: self.max_length - 9]}_{digest}"
        return out


@dataclass(frozen=True, slots=True)
class Normalized:
    """A schema ready for a provider, and what the wrapper needs to know about it."""

    schema: JsonSchema
    strict: bool | None = None
    extra: dict[str, Any] = field(default_factory=dict)


class ProviderAdapter(Protocol):
    """Normalises a schema and a name for one provider, and wraps a tool in its wire shape."""

    @property
    def name(self) -> str:
        """The registry key (``openai``)."""
        ...

    @property
    def constant(self) -> str:
        """The generated constant (``TOOLS_OPENAI``)."""
        ...

    @property
    def name_rule(self) -> NameRule:
        """How tool names are made acceptable."""
        ...

    def normalize_schema(self, tool: ToolDef, report: Losses) -> Normalized:
        """The tool's parameters as this provider accepts them."""
        ...

    def wrap(self, tool: ToolDef, normalized: Normalized, name: str) -> dict[str, Any]:
        """One element of the provider's ``tools`` list."""
        ...


AdapterFactory = Callable[[AdapterOptions], ProviderAdapter]
"""What each provider's module holds as ``ADAPTER``: its adapter, made from the options."""


OPENAI_NAMES = NameRule("a-zA-Z0-9_-", NAME_LENGTH["openai"].value)
ANTHROPIC_NAMES = NameRule("a-zA-Z0-9_-", NAME_LENGTH["anthropic"].value)
GEMINI_NAMES = NameRule("a-zA-Z0-9_.:-", NAME_LENGTH["gemini"].value, leading_letter=True)
VERTEX_NAMES = NameRule("a-zA-Z0-9_.-", NAME_LENGTH["vertex"].value, leading_letter=True)
BEDROCK_NAMES = NameRule("a-zA-Z0-9_-", NAME_LENGTH["bedrock"].value)
MCP_NAMES = NameRule("A-Za-z0-9._-", NAME_LENGTH["mcp"].value)
