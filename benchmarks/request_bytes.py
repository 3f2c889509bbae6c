"""What each provider's constants send, in bytes of compact JSON and in tokens (o200k_base with
``toolgen[tokens]`` installed, else toolgen's estimate), with ``share_defs`` off and ``"auto"``: on the benchmark corpus (``corpus.py``) and on the real-code framework corpora
(``tests/frameworks/corpora/*``, each built with its own configuration).

    python benchmarks/request_bytes.py                 # 100 modules x 10 tools, and the corpora
    python benchmarks/request_bytes.py --modules 10    # smaller

Bytes are deterministic (the same sources give the same constants), so unlike ``run.py`` this
reports no ratio to a baseline: the figures are exact, and the same on every machine.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import generate

from toolgen import api
from toolgen.config import Config, Target, load
from toolgen.diff.tokens import counter, wire_text
from toolgen.providers.share import compact_size
from toolgen.settings import PROVIDERS

REPO = Path(__file__).resolve().parents[1]
CORPORA = REPO / "tests" / "frameworks" / "corpora"


def constants(config: Config, cwd: Path, share: str) -> dict[str, Any]:
    """Every constant the configuration's targets generate, with ``share_defs = share``."""
    targets = tuple(replace(t, share_defs=share) for t in config.targets)
    plan = api.plan(config._replace(targets=targets), cwd=cwd, use_cache=False)
    namespace: dict[str, Any] = {}
    for planned in plan.files:
        assert planned.data is not None, [d.format() for d in plan.diagnostics]
        exec(compile(planned.data, str(planned.path), "exec"), namespace)
    return namespace


COUNT = counter()
Row = tuple[int, int, int, int]
"""(bytes with share_defs off, with it on, tokens off, tokens on)."""


def tokens(tools: list[Any]) -> int:
    """Tokens of the tools, each counted as its own request would carry it."""
    return sum(COUNT.count(wire_text(tool)) for tool in tools)


def sizes(config: Config, cwd: Path) -> tuple[dict[str, Row], int]:
    """Per provider constant, its :data:`Row`; and how many tools the target has."""
    off, auto = constants(config, cwd, "off"), constants(config, cwd, "auto")
    out = {}
    for provider in PROVIDERS:
        name = f"TOOLS_{provider.upper()}"
        if name in off:
            out[name] = (
                compact_size(off[name]),
                compact_size(auto[name]),
                tokens(off[name]),
                tokens(auto[name]),
            )
    return out, len(off["TOOLS"])


def report(label: str, rows: dict[str, Row], tools: int) -> None:
    print(f"\n{label} ({tools} tools; tokens: {COUNT.name})")
    print(
        f"{'constant':<24}{'bytes off':>11}{'auto':>11}{'saved':>8}{'tokens off':>12}{'auto':>10}"
    )
    for name, (off, auto, t_off, t_auto) in rows.items():
        saved = 1 - auto / off if off else 0.0
        print(f"{name:<24}{off:>11,}{auto:>11,}{saved:>8.1%}{t_off:>12,}{t_auto:>10,}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--modules", type=int, default=100)
    parser.add_argument("--tools", type=int, default=10)
    parser.add_argument("--no-corpora", action="store_true", help="the benchmark corpus only")
    args = parser.parse_args()
    totals: dict[str, list[int]] = {}
    counted = 0
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        package = generate(root, args.modules, args.tools)
        config = Config((Target(paths=(package,), out=package / "tool_schemas.py"),))
        report("benchmark corpus", *sizes(config, root))
        for corpus in [] if args.no_corpora else sorted(CORPORA.iterdir()):
            copy = root / corpus.name
            shutil.copytree(corpus, copy, ignore=shutil.ignore_patterns("tool_schemas*.py"))
            rows, tools = sizes(load(copy), copy)
            report(f"framework corpus {corpus.name}", rows, tools)
            counted += tools
            for name, row in rows.items():
                total = totals.setdefault(name, [0, 0, 0, 0])
                total[:] = [a + b for a, b in zip(total, row)]
    if totals:
        rows = {k: (v[0], v[1], v[2], v[3]) for k, v in totals.items()}
        report("framework corpora, all", rows, counted)


if __name__ == "__main__":
    main()
