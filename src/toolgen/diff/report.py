"""A diff as text (a terminal), Markdown (a pull-request comment) or JSON (a stable schema,
``"format": "toolgen-diff", "version": 1``; docs/diff.md). Every rendering is a function of
the result alone: the same diff renders to the same bytes.

Names, messages, paths and revisions come from the sources and the repository: in every
format, a character that would not read as it is (a control a terminal obeys, such as ESC;
a line break; a bidirectional control) is written as its visible escape
(:func:`toolgen.visible.terminal`), and in Markdown every such value is a code span it cannot
leave, which Markdown never reads as markup, links or HTML."""

from __future__ import annotations

import json
import re
from typing import Any, Final

from toolgen.diff.model import RULES, Change, Cost, DiffResult, Level, Moved, TargetDiff
from toolgen.visible import json_text
from toolgen.visible import terminal as _t

JSON_VERSION: Final = 1
FORMATS: Final = ("text", "markdown", "json")
FAIL_ON: Final = ("breaking", "any", "never")


def fails(result: DiffResult, fail_on: str) -> bool:
    """Whether the result holds a change at or above ``fail_on``."""
    if fail_on == "never":
        return False
    worst = result.worst()
    if worst is None:
        return False
    return fail_on == "any" or worst is Level.BREAKING


def render(result: DiffResult, fmt: str) -> str:
    if fmt == "json":
        return to_json(result)
    if fmt == "markdown":
        return to_markdown(result)
    return to_text(result)


# --- JSON ----------------------------------------------------------------------------------------


def change_row(change: Change) -> dict[str, Any]:
    row: dict[str, Any] = {
        "rule": change.rule,
        "severity": change.level.value,
        "category": RULES[change.rule].category,
        "tool": change.tool or None,
        "owner": change.owner,
        "provider": change.provider,
        "pointer": change.pointer,
        "source": change.source,
        "message": change.message,
    }
    if change.has_old:
        row["old"] = change.old
    if change.has_new:
        row["new"] = change.new
    return row


def cost_row(cost: Cost) -> dict[str, Any]:
    return {
        "provider": cost.provider,
        "constant": cost.constant,
        "owner": cost.owner,
        "before": cost.before,
        "after": cost.after,
        "change": cost.change,
        "tokens": {
            "counter": cost.counter,
            "before": cost.tokens_before,
            "after": cost.tokens_after,
            "change": cost.tokens_after - cost.tokens_before,
        },
        "tools": [
            {
                "tool": t.tool,
                "before": t.before,
                "after": t.after,
                "change": t.change,
                "tokens_before": t.tokens_before,
                "tokens_after": t.tokens_after,
            }
            for t in cost.tools
        ],
    }


def moved_row(moved: Moved) -> dict[str, Any]:
    return {
        "constant": moved.name,
        "before": moved.before,
        "after": moved.after,
        "tools": [{"tool": t.name, "before": t.before, "after": t.after} for t in moved.tools],
    }


def to_data(result: DiffResult) -> dict[str, Any]:
    counts = result.counts()
    return {
        "format": "toolgen-diff",
        "version": JSON_VERSION,
        "base": result.base,
        "summary": {level.value: counts[level] for level in Level},
        "targets": [
            {
                "output": target.output,
                "old": target.old,
                "new": target.new,
                "tools": {"before": target.tools_before, "after": target.tools_after},
                "changes": [change_row(c) for c in target.changes],
                "cost": [cost_row(c) for c in target.costs],
                "fingerprints": [moved_row(m) for m in target.fingerprints],
            }
            for target in result.targets
        ],
    }


def to_json(result: DiffResult) -> str:
    return json_text(json.dumps(to_data(result), ensure_ascii=False, indent=2)) + "\n"


# --- text ----------------------------------------------------------------------------------------


def _counts(counts: dict[Level, int]) -> str:
    return ", ".join(f"{counts[level]} {level.value}" for level in Level)


def _print(fingerprint: str | None) -> str:
    """A fingerprint as a reader compares it: its first 12 hex digits are enough to tell."""
    if fingerprint is None:
        return "(none)"
    kind, _, digest = fingerprint.partition(":")
    return f"{kind}:{digest[:12]}" if digest else fingerprint[:19]


def _signed(number: int) -> str:
    return f"{number:+,}" if number else "±0"


def _tool_title(change: Change) -> str:
    title = _t(change.tool) if change.tool else "(every tool)"
    if change.owner:
        title = f"{title} of {_t(change.owner)}"
    return f"{title} ({_t(change.source)})" if change.source else title


def _groups(target: TargetDiff) -> list[tuple[str, list[Change]]]:
    groups: dict[tuple[str, str], list[Change]] = {}
    for change in target.changes:
        groups.setdefault((change.owner or "", change.tool), []).append(change)
    return [(tool, changes) for (_, tool), changes in groups.items()]


def to_text(result: DiffResult) -> str:
    out: list[str] = []
    for target in result.targets:
        counts = dict.fromkeys(Level, 0)
        for change in target.changes:
            counts[change.level] += 1
        out.append(f"toolgen diff: {_t(target.output)}")
        out.append(f"  old: {_t(target.old)}")
        out.append(f"  new: {_t(target.new)}")
        out.append(
            f"  tools: {target.tools_before} → {target.tools_after}; changes: {_counts(counts)}"
        )
        for _, changes in _groups(target):
            out.append("")
            out.append(_tool_title(changes[0]))
            for change in changes:
                where = f" {_t(change.pointer)}" if change.pointer else ""
                provider = f"[{_t(change.provider)}] " if change.provider else ""
                out.append(
                    f"  {change.level.value:<12} {change.rule:<28} {provider}{_t(change.message)}{where and ' at' + where}"
                )
        if target.costs:
            out.append("")
            out.append(
                "cost: bytes of each provider's tool list (compact JSON), sent with every request, "
                f"and its tokens ({_t(target.costs[0].counter)})"
            )
            for cost in target.costs:
                out.append(
                    f"  {_t(cost.constant):<24} {cost.before:>10,} → {cost.after:>10,}  {_signed(cost.change)}"
                    f"  tokens {cost.tokens_before:,} → {cost.tokens_after:,}  "
                    f"{_signed(cost.tokens_after - cost.tokens_before)}"
                    + (f"  of {_t(cost.owner)}" if cost.owner else "")
                )
                for tool in cost.tools:
                    out.append(
                        f"    {_t(tool.tool):<30} {tool.before:>8,} → {tool.after:>8,}  {_signed(tool.change)}"
                        f"  tokens {tool.tokens_before:,} → {tool.tokens_after:,}"
                    )
        if target.fingerprints:
            out.append("")
            out.append("fingerprints moved (FINGERPRINTS: a client holding the old one sees drift)")
            for moved in target.fingerprints:
                out.append(f"  {_t(moved.name):<24} {_print(moved.before)} → {_print(moved.after)}")
                for one in moved.tools:
                    out.append(f"    {_t(one.name):<30} {_print(one.before)} → {_print(one.after)}")
        out.append("")
    counts = result.counts()
    out.append(f"total: {_counts(counts)}" if result.changes else "total: no changes")
    return "\n".join(out) + "\n"


# --- Markdown ------------------------------------------------------------------------------------


_PUNCTUATION: Final = re.compile(r"[!-/:-@\[-`{-~]")


def _md(text: str) -> str:
    """toolgen's own words for Markdown (a provider's name): every ASCII punctuation
    character backslash-escaped, so none of it is markup."""
    return _PUNCTUATION.sub(lambda found: "\\" + found.group(), _t(text).replace("\n", " "))


_TICKS: Final = re.compile("`+")


def _code(text: str, cell: bool = False) -> str:
    """Outside text as a code span: Markdown reads nothing inside it (no emphasis, link,
    autolink, HTML or entity), and it cannot be closed early, its fence being one backtick
    longer than the longest run of them inside. A character that would not read as it is
    (a line break, a control, a bidirectional control) is its visible escape; in a table cell
    a ``|`` is ``\\|`` (GitHub shows ``|``), so that it does not end the cell."""
    text = _t(text)
    if cell:
        text = text.replace("|", "\\|")
    if not text.strip(" "):
        return f"`{text}`" if text else "` `"  # spaces alone are never taken away
    fence = "`" * (max((len(run) for run in _TICKS.findall(text)), default=0) + 1)
    # A space each side is taken away again, keeping a backtick at either end off the fence.
    pad = " " if text[0] in "` " or text[-1] in "` " else ""
    return f"{fence}{pad}{text}{pad}{fence}"


_MARK: Final = {Level.BREAKING: "breaking", Level.NON_BREAKING: "non-breaking", Level.INFO: "info"}


def to_markdown(result: DiffResult) -> str:
    counts = result.counts()
    out = ["## toolgen diff", ""]
    if result.base:
        out.append(f"Base: {_code(result.base)}")
        out.append("")
    out.append("| | " + " | ".join(_MARK[level] for level in Level) + " |")
    out.append("|---|" + "---:|" * len(Level))
    out.append("| **total** | " + " | ".join(f"**{counts[level]}**" for level in Level) + " |")
    for target in result.targets:
        for tool, changes in _groups(target):
            row = dict.fromkeys(Level, 0)
            for change in changes:
                row[change.level] += 1
            name = _code(tool, cell=True) if tool else "(every tool)"
            out.append(f"| {name} | " + " | ".join(str(row[level]) for level in Level) + " |")
    out.append("")
    for target in result.targets:
        out.append(f"### {_code(target.output)}")
        out.append("")
        out.append(
            f"{_code(target.old)} → {_code(target.new)}: {target.tools_before} → {target.tools_after} tools"
        )
        out.append("")
        if not target.changes:
            out.append("No changes.")
            out.append("")
        for tool, changes in _groups(target):
            title = _code(tool) if tool else "(every tool)"
            source = f" — {_code(changes[0].source)}" if changes[0].source else ""
            out.append(f"#### {title}{source}")
            out.append("")
            for change in changes:
                provider = f" ({_md(change.provider)})" if change.provider else ""
                where = f" at {_code(change.pointer)}" if change.pointer else ""
                out.append(
                    f"- **{change.level.value}** {_code(change.rule)}{provider}{where}: {_code(change.message)}"
                )
            out.append("")
        if target.costs:
            out.append(
                "<details><summary>Cost per request: bytes of each provider's tool list</summary>"
            )
            out.append("")
            out.append(f"Tokens: {_code(target.costs[0].counter)}.")
            out.append("")
            out.append("| constant | before | after | change | tokens before | tokens after |")
            out.append("|---|---:|---:|---:|---:|---:|")
            for cost in target.costs:
                of = f" of {_code(cost.owner, cell=True)}" if cost.owner else ""
                out.append(
                    f"| {_code(cost.constant, cell=True)}{of} | {cost.before:,} | {cost.after:,} | {_signed(cost.change)} "
                    f"| {cost.tokens_before:,} | {cost.tokens_after:,} |"
                )
            tools = [(cost.constant, t) for cost in target.costs for t in cost.tools]
            if tools:
                out.append("")
                out.append("| constant | tool | before | after | change |")
                out.append("|---|---|---:|---:|---:|")
                for constant, tool_cost in tools:
                    out.append(
                        f"| {_code(constant, cell=True)} | {_code(tool_cost.tool, cell=True)} | "
                        f"{tool_cost.before:,} | "
                        f"{tool_cost.after:,} | {_signed(tool_cost.change)} |"
                    )
            out.append("")
            out.append("</details>")
            out.append("")
        if target.fingerprints:
            out.append(
                "Fingerprints moved (`FINGERPRINTS`): a client holding the old one sees drift."
            )
            out.append("")
            out.append("| list | tool | before | after |")
            out.append("|---|---|---|---|")
            for moved in target.fingerprints:
                for name, before, after in [
                    ("", moved.before, moved.after),
                    *((t.name, t.before, t.after) for t in moved.tools),
                ]:
                    tool = _code(name, cell=True) if name else "(the list)"
                    out.append(
                        f"| {_code(moved.name, cell=True)} | {tool} | {_code(_print(before))} "
                        f"| {_code(_print(after))} |"
                    )
            out.append("")
    return "\n".join(out).rstrip("\n") + "\n"
