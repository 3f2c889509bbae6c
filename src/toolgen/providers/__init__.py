"""Provider adapters: the registry, ``adapt_tool`` (one tool for one provider) and the check
that no two tools share a provider's wire name."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Final

from toolgen.errors import Diagnostics, SourceSpan
from toolgen.ir import ToolDef
from toolgen.providers.base import AdapterFactory, ProviderAdapter
from toolgen.providers.calls import Rules, call_rules
from toolgen.providers.transforms import Losses
from toolgen.settings import PROVIDERS

ADAPTERS: Final[dict[str, AdapterFactory]] = {
    name: importlib.import_module(f"{__name__}.{name}").ADAPTER for name in PROVIDERS
}
"""Each provider's adapter, by name, in ``settings.PROVIDERS``' order: the ``ADAPTER`` of the
module of its name (``providers/openai_responses.py``). Adding a provider is its name there and
its module here."""


@dataclass(frozen=True, slots=True)
class AdaptedTool:
    """One tool in one provider's wire shape, with its wire name and what the adapter reported."""

    wire: dict[str, Any]
    wire_name: str
    nullable_optionals: list[str]
    rules: Rules
    """What undoes this provider's rewrites of a call (:func:`~toolgen.providers.calls.call_rules`)."""


def adapt_tool(
    key: str,
    adapter: ProviderAdapter,
    tool: ToolDef,
    diags: Diagnostics,
    memo: dict[Any, Any] | None = None,
) -> AdaptedTool:
    """Normalise, rename and wrap one tool; lossy rewrites become warnings at the tool.

    ``memo``, shared across one tool's providers, lets one reuse what another computed."""
    report = Losses(memo={} if memo is None else memo)
    normalized = adapter.normalize_schema(tool, report)
    # Chat Completions and Responses send one schema (the same object): its rules are made once.
    omitted = tuple(report.omitted_nulls)
    rules_key = ("rules", id(normalized.schema), omitted)
    last = report.memo.get(rules_key)
    if last is None or last[0] is not normalized.schema:
        rules = call_rules(normalized.schema, list(omitted), tool.null_is_default, tool.by_position)
        last = report.memo[rules_key] = (
            normalized.schema,
            rules,
        )  # the schema kept: its id its own
    wire_name = adapter.name_rule.normalize(tool.name)
    if wire_name != tool.name:
        report.warn("", f"name rewritten to '{wire_name}' (the generated name map leads back)")
    for pointer, message in report.errors:
        diags.error(f"{key}: tool '{tool.name}' at {pointer}: {message}", tool.span, "provider")
    for pointer, message in report.warnings:
        where = "" if pointer == "/" else f" at {pointer}"
        diags.warning(f"{key}: tool '{tool.name}'{where}: {message}", tool.span, "lossy")
    return AdaptedTool(
        adapter.wrap(tool, normalized, wire_name),
        wire_name,
        report.nullable_optionals,
        last[1],
    )


def check_collisions(
    key: str, named: list[tuple[str, str, SourceSpan]], diags: Diagnostics
) -> None:
    """Tools with different names that one provider's name rule makes equal: an error naming both."""
    names = {name for name, _, _ in named}
    if (
        len({(name, wire) for name, wire, _ in named})
        == len(names)
        == len({wire for _, wire, _ in named})
    ):  # one wire name per name, and no two names share one: nothing to report
        return
    owners: dict[str, tuple[str, SourceSpan]] = {}
    for name, wire_name, span in sorted(
        named, key=lambda n: (n[0], n[2].path, n[2].line, n[2].col)
    ):
        first = owners.setdefault(wire_name, (name, span))
        if first[0] != name:  # same names are reported once, as duplicates, by build
            diags.error(
                f"{key}: tools '{first[0]}' ({first[1]}) and '{name}' both become "
                f"'{wire_name}' for this provider",
                span,
                "name-collision",
            )
