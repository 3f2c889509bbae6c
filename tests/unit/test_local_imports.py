"""A function-local import is a seam: it keeps a module out of a path that does not need it
(the no-op above all, whose modules a test lists), or reaches a module that is optional or
platform-specific. Every one is listed here with its reason; a new one fails this test until it
is listed (or moved to the top of its module, where imports belong)."""

from __future__ import annotations

import ast

from tests.conftest import REPO

SRC = REPO / "src"

STAGE = "a pipeline stage, loaded only when it runs (a no-op loads none)"
STALE = "a build's or a check's module, loaded only when an output is stale (not by a no-op)"
WHILE_PARSING = "loaded while the workers parse, so that the workers that build inherit it"
LIBCST = "libcst, loaded only where a file is parsed"
MISTAKE = "only a mistake, a stale output or an error needs it"
OPTIONAL = "an optional or platform-specific module: absent on some installs or systems"
COMMAND = "one subcommand's own modules, loaded by that subcommand only"
LAZY = "toolgen's API and run-time, reached lazily so that importing toolgen stays light"
RUNTIME = "the run-time's optional parts, loaded by the first call that needs them"
PROCESSES = "processes and signals, loaded only by a build that forks or writes"

SEAMS = {
    ("toolgen", "importlib"): LAZY,
    ("toolgen.api", "toolgen.pipeline"): STAGE,
    ("toolgen.api", "toolgen.assemble"): STAGE,
    ("toolgen.api", "toolgen.discover"): STAGE,
    ("toolgen.api", "toolgen.sources"): STAGE,
    ("toolgen.api", "toolgen.emit.prove"): STALE,
    ("toolgen.api", "toolgen.emit.stale"): STALE,
    ("toolgen.api", "toolgen.emit.write"): STALE,
    ("toolgen.api", "toolgen.visible"): COMMAND,
    ("toolgen.cli", "shlex"): MISTAKE,
    ("toolgen.cli", "click.core"): MISTAKE,
    ("toolgen.cli", "toolgen.api"): COMMAND,
    ("toolgen.cli", "toolgen.init"): COMMAND,
    ("toolgen.cli", "toolgen.diff.report"): COMMAND,
    ("toolgen.cli", "toolgen.diff.targets"): COMMAND,
    ("toolgen.cli", "toolgen.diff.tokens"): COMMAND,
    ("toolgen.cli", "toolgen.report"): COMMAND,
    ("toolgen.config", "difflib"): MISTAKE,
    ("toolgen.config", "tomllib"): OPTIONAL,
    ("toolgen.config", "tomli"): OPTIONAL,
    ("toolgen.console", "difflib"): MISTAKE,
    ("toolgen.console", "traceback"): MISTAKE,
    ("toolgen.console", "toolgen.api"): COMMAND,
    ("toolgen.diff.compare", "toolgen.errors"): COMMAND,
    ("toolgen.diff.compare", "toolgen.ir"): COMMAND,
    ("toolgen.diff.compare", "toolgen.providers"): COMMAND,
    ("toolgen.diff.compare", "toolgen.providers.base"): COMMAND,
    ("toolgen.diff.targets", "toolgen.api"): COMMAND,
    ("toolgen.diff.targets", "toolgen.diff.tokens"): COMMAND,
    ("toolgen.diff.targets", "toolgen.diff.weigh"): COMMAND,
    ("toolgen.diff.targets", "toolgen.header"): COMMAND,
    ("toolgen.diff.tokens", "bpe_openai"): OPTIONAL,
    ("toolgen.emit.stale", "difflib"): MISTAKE,
    ("toolgen.emit.write", "signal"): PROCESSES,
    ("toolgen.engine.entries", "toolgen.forms"): STALE,
    ("toolgen.engine.entries", "toolgen.ir"): STALE,
    ("toolgen.engine.files", "toolgen.pipeline"): STAGE,
    ("toolgen.engine.files", "toolgen.emit.write"): STALE,
    ("toolgen.engine.keys", "importlib.util"): STALE,
    ("toolgen.engine.lifetime", "ctypes"): OPTIONAL,
    ("toolgen.engine.lifetime", "threading"): PROCESSES,
    ("toolgen.engine.target", "toolgen.pipeline"): STAGE,
    ("toolgen.engine.target", "toolgen.assemble"): WHILE_PARSING,
    ("toolgen.engine.target", "toolgen.frameworks"): WHILE_PARSING,
    ("toolgen.engine.target", "toolgen.render"): WHILE_PARSING,
    ("toolgen.engine.target", "toolgen.scan.gather"): LIBCST,
    ("toolgen.engine.target", "toolgen.scan.serial"): STALE,
    ("toolgen.engine.workers", "multiprocessing"): PROCESSES,
    ("toolgen.engine.workers", "pickle"): PROCESSES,
    ("toolgen.init", "tomllib"): OPTIONAL,
    ("toolgen.init", "tomli"): OPTIONAL,
    ("toolgen.init", "toolgen.scan"): STAGE,
    ("toolgen.init", "toolgen.scan.resolve"): STAGE,
    ("toolgen.init", "toolgen.select"): STAGE,
    ("toolgen.pipeline", "toolgen.scan"): LIBCST,
    ("toolgen.pipeline", "toolgen.scan.model"): STAGE,
    ("toolgen.pipeline", "toolgen.scan.resolve"): STAGE,
    ("toolgen.pipeline", "toolgen.tools"): STAGE,
    ("toolgen.pipeline", "toolgen.assemble"): STAGE,
    ("toolgen.pipeline", "toolgen.providers"): STAGE,
    ("toolgen.pipeline", "toolgen.providers.base"): STAGE,
    ("toolgen.pipeline", "toolgen.forms"): STAGE,
    ("toolgen.pipeline", "toolgen.render"): STAGE,
    ("toolgen.pipeline", "toolgen.emit.format"): STAGE,
    ("toolgen.render", "importlib"): STAGE,
    ("toolgen.render", "jinja2"): STAGE,
    ("toolgen.runtime.signature", "pydantic"): OPTIONAL,
    ("toolgen.runtime.signature", "pydantic.experimental.arguments_schema"): OPTIONAL,
    ("toolgen.runtime.signature", "pydantic_core"): OPTIONAL,
    ("toolgen.runtime.toolbox", "toolgen.runtime.messages"): RUNTIME,
    ("toolgen.runtime.toolbox", "toolgen.runtime.signature"): RUNTIME,
    ("toolgen.runtime.toolbox", "toolgen.runtime.validate"): RUNTIME,
    ("toolgen.runtime.toolbox", "toolgen.runtime"): RUNTIME,
    ("toolgen.scan", "toolgen.scan.gather"): LIBCST,
    ("toolgen.scan.annotations", "toolgen.runtime.validate"): STAGE,
    ("toolgen.scan.gather", "libcst.metadata"): LIBCST,
    ("toolgen.scan.schema", "toolgen.scan.gather"): LIBCST,
    ("toolgen.tempfiles", "fcntl"): OPTIONAL,
}


def _local_imports() -> set[tuple[str, str]]:
    """Every (module, what it imports) where the import is inside a function."""
    found = set()
    for path in sorted((SRC / "toolgen").rglob("*.py")):
        module = ".".join(path.relative_to(SRC).with_suffix("").parts).removesuffix(".__init__")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        functions = [
            n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
        ]
        for function in functions:
            for node in ast.walk(function):
                if isinstance(node, ast.Import):
                    found.update((module, alias.name) for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module is not None:
                    if node.module == "toolgen":  # from toolgen import pipeline
                        found.update((module, f"toolgen.{a.name}") for a in node.names)
                    else:
                        found.add((module, node.module))
    return found


def test_every_function_local_import_is_a_listed_seam() -> None:
    found = _local_imports()
    assert sorted(found - set(SEAMS)) == [], "a new local import: list it, or import at the top"
    assert sorted(set(SEAMS) - found) == [], "a seam that is gone: take it off the list"


def test_the_seams_are_few() -> None:
    """Few enough to read (there were 126 function-local import statements before this list)."""
    assert len(SEAMS) <= 80
