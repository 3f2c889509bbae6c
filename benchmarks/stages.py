"""The instructions of a cold build's in-process stages, each counted alone under callgrind.

    python benchmarks/stages.py                # 20 modules x 10 tools, as run.py --instructions

A profiler's times mislead here: cProfile charges every Python call, so a walk of many small
calls (the adapters' ``transform``) looks several times costlier than it is, and C work (the
JSON encoder, regular expressions) looks cheaper. So the build is run once (``TOOLGEN_JOBS=1``)
to record what each stage is given; then each stage runs over all of it in a fresh process
under valgrind, and so does the same process without the stage: the difference is the stage's
work, deterministic, set against the cold build's total.
"""

from __future__ import annotations

import gc
import os
import pickle
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import generate
from run import callgrind_instructions as instructions
from run import precompile

STAGES = {
    "adapt": "every provider's adapter over every tool (toolgen.pipeline.adapt)",
    "emit": "every form printed as its list item (toolgen.render.literal.list_item)",
    "fingerprint": "every form's fingerprint (canonical JSON, SHA-256)",
    "prove": "every tool's printed forms proved data (toolgen.emit.prove.prove_items)",
}

RECORD = """
import os, pickle, sys
import toolgen.assemble as assemble, toolgen.pipeline as pipeline
adapted, forms = [], []
def adapt(tool, target, providers=None):
    adapted.append((tool, target, providers))
    return real_adapt(tool, target, providers)
def tool_forms(tool, plain, wire, diagnostics, target, ir=None):
    forms.append((tool.span.path, plain, [a.wire for a in wire.values()], target.line_length))
    return real_forms(tool, plain, wire, diagnostics, target, ir)
real_adapt, real_forms = pipeline.adapt, assemble.tool_forms
pipeline.adapt, assemble.tool_forms = adapt, tool_forms
def done(code):
    with open(recorded, "wb") as out:
        pickle.dump((adapted, forms), out)  # one dump: the forms' shared subtrees stay shared
    real_exit(code)
real_exit, os._exit = os._exit, done
recorded, sys.argv = sys.argv[1], ["toolgen", "build", sys.argv[2], "--no-cache", "-q"]
from toolgen.cli import main
try:
    main()
except SystemExit as stop:
    done(stop.code or 0)
"""


def run_stage(stage: str, recorded: Path, measure: bool) -> None:
    """In the process valgrind counts: load what was recorded, make what ``stage`` reads, and
    run the stage over all of it if ``measure``."""
    from toolgen import pipeline
    from toolgen.assemble import fingerprint
    from toolgen.emit.prove import prove_items
    from toolgen.render.literal import Layouts, list_item

    # As in a build (toolgen.api): the cycle collector paused. Left on, its scans, set off by
    # allocation counts, move a stage's row by 2-3 % in either direction when it allocates less.
    gc.disable()
    with recorded.open("rb") as data:
        adapted, forms = pickle.load(data)
    pipeline.adapt(*adapted[0])  # what the first tool's adaptation imports, in both runs
    printed: list[tuple[str, list[bytes]]] = []
    if stage == "prove":
        for path, plain, wires, line_length in forms:
            layouts = Layouts()
            items = [list_item(v, line_length, layouts).encode() for v in [plain, *wires]]
            printed.append((path, items))
    if not measure:
        return
    if stage == "adapt":
        for tool, target, providers in adapted:
            pipeline.adapt(tool, target, providers)
    elif stage == "emit":
        for _, plain, wires, line_length in forms:
            layouts = Layouts()
            for value in [plain, *wires]:
                list_item(value, line_length, layouts)
    elif stage == "fingerprint":
        for _, plain, wires, _ in forms:
            for value in [plain, *wires]:
                fingerprint(value)
    else:
        for path, items in printed:
            prove_items(items, path)


def main(modules: int = 20, tools: int = 10) -> None:
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt install valgrind)")
    script = Path(sys.executable).with_name("toolgen")
    toolgen = [str(script)] if script.exists() else [sys.executable, "-m", "toolgen"]
    env: dict[str, Any] = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(TOOLGEN_JOBS="1", PYTHONHASHSEED="0")
    precompile()  # else the first run compiles what the second finds compiled
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        env["TOOLGEN_CACHE_DIR"] = str(root / "cache")
        package = generate(root, modules, tools)
        recorded = root / "recorded.pickle"
        subprocess.run(
            [sys.executable, "-c", RECORD, str(recorded), str(package)],
            cwd=root,
            env=env,
            check=True,
        )
        cold = instructions([*toolgen, "build", str(package), "--no-cache", "-q"], root, env)
        print(f"instructions, {modules} modules x {tools} tools, one process (TOOLGEN_JOBS=1)")
        print(f"{'cold build (--no-cache)':<24}{cold:>16,}")
        for stage, what in STAGES.items():
            cmd = [sys.executable, str(Path(__file__).resolve()), stage, str(recorded)]
            counts = [instructions(cmd, root, env), instructions([*cmd, "measure"], root, env)]
            work = counts[1] - counts[0]
            print(f"{stage:<24}{work:>16,}{work / cold:>8.1%}  {what}")


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
    elif len(sys.argv) > 1:
        run_stage(sys.argv[1], Path(sys.argv[2]), sys.argv[3:] == ["measure"])
    else:
        main()
