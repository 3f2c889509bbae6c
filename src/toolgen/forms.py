"""What one module contributes to a target, in the forms the generated modules hold: made by
:mod:`toolgen.assemble`, cached by :mod:`toolgen.engine`. Plain data, importable without the
stages that make it (a no-op build reads these from the cache and loads nothing else)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from toolgen.errors import Diagnostic, SourceSpan
from toolgen.ir import Owner


@dataclass(frozen=True, slots=True)
class ToolForms:
    """One tool in every form the generated modules hold, and what its adapters said."""

    name: str
    span: SourceSpan
    ir: str
    """What these forms were made from (:func:`toolgen.assemble.forms_digest`): the tool's IR
    and the settings the adapters read."""
    wire: Mapping[str, str]
    """Provider → the tool's name on that provider's wire."""
    segments: Mapping[str, bytes | memoryview]
    """``TOOLS`` or a provider → the tool's rendered list item (UTF-8 Python text)."""
    nullable: Mapping[str, tuple[str, ...]]
    """OpenAI provider → the optional parameters strict mode made nullable."""
    diagnostics: tuple[Diagnostic, ...]
    function: str = ""
    """The function to call, as an import path (``"package.module:function"``)."""
    packed: str | None = None
    """The parameter whose fields the arguments are (pydantic-ai's lone model), if any."""
    rules: Mapping[str, Mapping[str, Any]] | None = None
    """Provider → what undoes its rewrites of a call (JSON data); a provider with nothing to
    undo is absent."""
    owner: Owner | None = None
    """The server, agent or toolset the tool belongs to; ``None``: the target's alone."""
    fingerprints: Mapping[str, str] | None = None
    """``TOOLS`` or a provider → the digest of the tool's item there (``sha256:...``)."""
    entries: Mapping[str, bytes | memoryview] = field(default_factory=dict)
    """``TOOLS/<map>`` or ``<provider>/<map>`` → the tool's rendered entry in that name map
    (``TOOL_FUNCTIONS``, ``TOOL_CALLS``, ...: UTF-8 Python text); a map the tool is not in
    (``NULL_MEANS_OMITTED``, when strict mode made nothing nullable) is absent."""


@dataclass(frozen=True, slots=True)
class ModuleResult:
    """Everything one module contributes to a target."""

    deps: Mapping[str, str]
    """Every file the result was made from (the module's and its imports' closure) → SHA-256."""
    tools: tuple[ToolForms, ...]
    diagnostics: tuple[Diagnostic, ...]
    """The module's own diagnostics (scan and build), its tools' adapters' aside."""
