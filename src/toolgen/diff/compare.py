"""Two versions of a target's constants → one :class:`TargetDiff`: the IR's changes, each
provider's, the cost, and the source line of each changed tool where it can be found."""

from __future__ import annotations

import os
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from toolgen.diff.load import Items, Module, items, tool_value
from toolgen.diff.model import Change, Moved, TargetDiff
from toolgen.diff.rules import compare_tools
from toolgen.diff.tokens import counter
from toolgen.diff.values import identical
from toolgen.diff.wire import Warnings, compare_provider, costs
from toolgen.settings import PROVIDERS, Target


def adapter_warnings(options: Target) -> Warnings:
    """What each provider's adapter says it loses for one IR tool, run with ``options``."""
    from toolgen.errors import Diagnostics, SourceSpan
    from toolgen.ir import ToolDef
    from toolgen.providers import ADAPTERS, adapt_tool
    from toolgen.providers.base import AdapterOptions

    adapters: dict[str, Any] = {}

    def run(provider: str, tool: dict[str, Any]) -> frozenset[str]:
        if provider not in ADAPTERS:
            return frozenset()
        adapter = adapters.get(provider)
        if adapter is None:
            adapter = adapters[provider] = ADAPTERS[provider](AdapterOptions.of(options))
        diags = Diagnostics()
        definition = ToolDef(
            tool["name"],
            tool.get("description", ""),
            tool["parameters"],
            SourceSpan("<diff>"),
            tool["name"],
        )
        try:
            adapt_tool(provider, adapter, definition, diags)
        except Exception:  # an IR the adapter cannot take says nothing here; the build would
            return frozenset()
        prefix = f"{provider}: tool '{tool['name']}'"
        return frozenset(
            d.message.removeprefix(prefix).lstrip(": ").lstrip()
            for d in diags.items
            if d.code == "lossy"
        )

    return run


def diff_constants(
    old: Module,
    new: Module,
    output: str,
    old_label: str,
    new_label: str,
    options: Target | None = None,
    cwd: Path | None = None,
) -> TargetDiff:
    """Every change from ``old`` to ``new`` (IR first, then each provider), in a fixed order."""
    a, b = old.constants, new.constants
    warnings = adapter_warnings(options or Target())
    both = old.present and new.present
    changes, count_o, count_n = _diff_group(a, b, warnings, both)
    # Each owner's constants (``OWNERS``: owner -> prefix) compared as a target of their own,
    # so that two servers' ``search`` are two tools, each change naming its owner (as the new
    # version names it).
    prefixes: dict[str, str] = {}
    for found in (a.get("OWNERS"), b.get("OWNERS")):
        if isinstance(found, dict):
            prefixes.update({v: k for k, v in found.items() if isinstance(v, str)})
    owned: list[Change] = []
    how = counter()  # one tokenizer for the target's lists and every owner's
    weights = costs(a, b, how)
    held_o: set[str] = set()
    held_n: set[str] = set()
    for prefix, owner in sorted(prefixes.items()):
        start = f"{prefix}_"
        sub_a = {k[len(start) :]: v for k, v in a.items() if k.startswith(start)}
        sub_b = {k[len(start) :]: v for k, v in b.items() if k.startswith(start)}
        found_changes, _, _ = _diff_group(sub_a, sub_b, warnings, bool(sub_a and sub_b))
        owned.extend(replace(c, owner=owner) for c in found_changes)
        weights.extend(
            replace(c, constant=f"{start}{c.constant}", owner=owner)
            for c in costs(sub_a, sub_b, how)
        )
        held_o.update(_chunks(sub_a))
        held_n.update(_chunks(sub_b))
    # A tool in the target's constants and an owner's is one tool (its item, the same text).
    count_o += len(held_o - set(_chunks(a)))
    count_n += len(held_n - set(_chunks(b)))
    # A change the target's constants show too (they hold every tool while names are unique)
    # is said once, with its owner.
    said = {_said(c) for c in owned}
    changes = [c for c in changes if _said(c) not in said] + owned
    locate = _Locator(new, cwd)
    # A removed tool has no place in the new version (a leftover function of its name is not it).
    changes = [
        c if not c.tool or c.rule == "tool-removed" else _with_source(c, locate(c.tool))
        for c in changes
    ]
    changes.sort(key=Change.sort_key)
    return TargetDiff(
        output,
        old_label,
        new_label,
        tuple(changes),
        tuple(weights),
        count_o,
        count_n,
        tuple(moved_fingerprints(a, b)),
    )


def moved_fingerprints(a: dict[str, Any], b: dict[str, Any]) -> list[Moved]:
    """Each tool list whose fingerprint (``FINGERPRINTS``) differs between the versions, with
    the tools whose own fingerprint (``TOOL_FINGERPRINTS_<P>``) moved; nothing when a version
    has none (a module toolgen wrote before it made fingerprints)."""
    old, new = a.get("FINGERPRINTS"), b.get("FINGERPRINTS")
    if not isinstance(old, dict) or not isinstance(new, dict):
        return []
    out = []
    for name in sorted(old.keys() | new.keys()):
        if old.get(name) == new.get(name):
            continue
        head, _, tail = name.rpartition("TOOLS")  # PLANNER_TOOLS_OPENAI: PLANNER_, _OPENAI
        per_tool = f"{head}TOOL_FINGERPRINTS{tail}"
        tools_o, tools_n = a.get(per_tool) or {}, b.get(per_tool) or {}
        tools = tuple(
            Moved(tool, tools_o.get(tool), tools_n.get(tool))
            for tool in sorted(tools_o.keys() | tools_n.keys())
            if tools_o.get(tool) != tools_n.get(tool)
        )
        out.append(Moved(name, old.get(name), new.get(name), tools))
    return out


def _diff_group(
    a: dict[str, Any], b: dict[str, Any], warnings: Warnings, both: bool
) -> tuple[list[Change], int, int]:
    """The changes from one set of constants to another (``TOOLS`` and each provider's), and
    how many tools each holds."""
    changes: list[Change] = []
    ir_o, ir_n = items(a.get("TOOLS")) or Items.of([]), items(b.get("TOOLS")) or Items.of([])
    # An item written the same in both versions is the same tool: it has no change to report
    # (and is never parsed). Only the others are compared.
    shared = set(ir_o.chunks) & set(ir_n.chunks)
    tools_o = [tool_value(ir_o, i) for i, c in enumerate(ir_o.chunks) if c not in shared]
    tools_n = [tool_value(ir_n, i) for i, c in enumerate(ir_n.chunks) if c not in shared]
    changes.extend(compare_tools(tools_o, tools_n))
    by_name_o = {t["name"]: t for t in tools_o}
    changed_ir = {
        t["name"]: (by_name_o[t["name"]], t)
        for t in tools_n
        if t["name"] in by_name_o and not identical(by_name_o[t["name"]], t)
    }
    for provider in PROVIDERS:
        found = compare_provider(provider, a, b, warnings, changed_ir)
        if not both:  # every tool is added or removed: that says it
            found = [c for c in found if c.rule not in ("provider-added", "provider-removed")]
        changes.extend(found)
    return changes, len(ir_o), len(ir_n)


def _chunks(constants: dict[str, Any]) -> list[str]:
    found = items(constants.get("TOOLS"))
    return list(found.chunks) if found is not None else []


def _said(change: Change) -> tuple[Any, ...]:
    return (change.rule, change.tool, change.pointer, change.provider, change.message)


def _with_source(change: Change, source: str | None) -> Change:
    if source is None:
        return change
    return replace(change, source=source)


class _Locator:
    """Where a tool is defined in the new version's sources: the only line of the sources
    listed in the module's header that defines a function of the tool's name (``def NAME(``)
    or names it (``name="NAME"``). Found by reading the text; ``None`` when not exactly one
    line matches or the sources are not on disk."""

    def __init__(self, module: Module, cwd: Path | None) -> None:
        self.root = module.source_root
        self.sources = module.sources
        self.cwd = cwd
        self.found: dict[str, str | None] = {}
        self.texts: dict[str, str | None] = {}

    def __call__(self, tool: str) -> str | None:
        if tool not in self.found:
            self.found[tool] = self._find(tool)
        return self.found[tool]

    def _find(self, tool: str) -> str | None:
        if self.root is None:
            return None
        name = re.escape(tool)
        pattern = re.compile(
            rf"^[ \t]*(?:async[ \t]+)?def[ \t]+{name}[ \t]*\(|\bname[ \t]*=[ \t]*[\"']{name}[\"']",
            re.M,
        )
        found: list[str] = []
        for source in self.sources:
            text = self._text(source)
            if text is None:
                continue
            for match in pattern.finditer(text):
                found.append(f"{self._display(source)}:{text.count(chr(10), 0, match.start()) + 1}")
        return found[0] if len(found) == 1 else None

    def _display(self, source: str) -> str:
        assert self.root is not None
        if self.cwd is None:
            return source
        return Path(os.path.relpath(self.root / source, self.cwd)).as_posix()

    def _text(self, source: str) -> str | None:
        if source not in self.texts:
            self.texts[source] = self._read(source)
        return self.texts[source]

    def _read(self, source: str) -> str | None:
        assert self.root is not None
        try:
            path = self.root / source
            if not path.is_file() or path.stat().st_size > 10 * 1024 * 1024:
                return None
            return Path(path).read_text(encoding="utf-8", errors="replace")
        except OSError:
            return None
