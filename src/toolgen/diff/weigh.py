"""What each constant of a generated module costs in every request: bytes and tokens per tool,
heaviest first, as text, markdown or JSON (``toolgen cost``)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from toolgen.diff.load import Module, items
from toolgen.diff.tokens import Counter, wire_text


@dataclass(frozen=True, slots=True)
class Weight:
    """One tool in one constant."""

    tool: str
    bytes: int
    tokens: int


@dataclass(frozen=True, slots=True)
class ConstantWeight:
    """One list of tools: its total, and its tools heaviest first."""

    output: str
    constant: str
    tools: tuple[Weight, ...]

    @property
    def bytes(self) -> int:
        return sum(w.bytes for w in self.tools)

    @property
    def tokens(self) -> int:
        return sum(w.tokens for w in self.tools)


def tool_name(tool: Any) -> str:
    """The wire name, wherever the provider's shape keeps it."""
    if not isinstance(tool, dict):
        return "?"
    for holder in (tool.get("function"), tool.get("toolSpec"), tool):
        if isinstance(holder, dict) and isinstance(holder.get("name"), str):
            return str(holder["name"])
    return "?"


def weigh_tool(tool: Any, counter: Counter) -> Weight:
    text = wire_text(tool)
    return Weight(tool_name(tool), len(text.encode("utf-8", "surrogatepass")), counter.count(text))


def weigh(module: Module, output: str, counter: Counter) -> list[ConstantWeight]:
    """Every ``TOOLS*`` list of ``module``, in the module's order; tools heaviest first (by
    tokens, then bytes, then name, so the order is the same on every run)."""
    out = []
    for name, value in module.constants.items():
        tools = items(value) if name.startswith("TOOLS") else None
        if tools is None:
            continue
        weights = [weigh_tool(tool, counter) for tool in tools.values()]
        weights.sort(key=lambda w: (-w.tokens, -w.bytes, w.tool))
        out.append(ConstantWeight(output, name, tuple(weights)))
    return out


def render(weights: list[ConstantWeight], counter: Counter, fmt: str, top: int = 0) -> str:
    """The report; ``top`` > 0 keeps each constant's heaviest ``top`` tools."""
    if fmt == "json":
        return (
            json.dumps(
                {
                    "tokens": {"counter": counter.name, "exact": counter.exact},
                    "constants": [
                        {
                            "output": w.output,
                            "constant": w.constant,
                            "bytes": w.bytes,
                            "tokens": w.tokens,
                            "tools": [
                                {"tool": t.tool, "bytes": t.bytes, "tokens": t.tokens}
                                for t in w.tools
                            ],
                        }
                        for w in weights
                    ],
                },
                ensure_ascii=False,
                indent=2,
            )
            + "\n"
        )
    how = "tokens" if counter.exact else "tokens (estimated)"
    note = f"tokens: {counter.name}" + ("" if counter.exact else " (install toolgen[tokens])")
    lines = []
    for w in weights:
        shown = w.tools[:top] if top > 0 else w.tools
        head = (
            f"{w.output}: {w.constant}: {len(w.tools)} tools, {w.bytes:,} bytes, {w.tokens:,} {how}"
        )
        if fmt == "markdown":
            lines += [
                f"### `{w.constant}` ({w.output})",
                "",
                f"{len(w.tools)} tools, " f"{w.bytes:,} bytes, {w.tokens:,} {how}",
                "",
                "| tool | bytes | tokens |",
                "|---|---:|---:|",
            ]
            lines += [f"| `{t.tool}` | {t.bytes:,} | {t.tokens:,} |" for t in shown]
            lines.append("")
        else:
            lines.append(head)
            width = max((len(t.tool) for t in shown), default=0)
            lines += [
                f"  {t.tool:<{width}}  {t.bytes:>9,} bytes  {t.tokens:>7,} tokens" for t in shown
            ]
    lines.append(f"{'_' if fmt == 'markdown' else ''}{note}{'_' if fmt == 'markdown' else ''}")
    return "\n".join(lines) + "\n"
