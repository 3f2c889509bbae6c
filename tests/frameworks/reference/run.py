"""Run in a framework's own environment: import a corpus and print the schemas that framework serves.

    python run.py FRAMEWORK CORPUS_DIR    # prints a JSON list of {"name", "description", "parameters"}

This is the reference side of the differential suite, so it imports the corpus on purpose
(the framework has to). toolgen never does; it reads the same files statically.
The source roots are those of the corpus's ``[tool.toolgen]`` (``source_roots``), else ``src``
when it exists, else the corpus folder itself.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import sys
import tomllib
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent


def _roots(corpus: Path) -> list[Path]:
    table = tomllib.loads((corpus / "pyproject.toml").read_text()).get("tool", {})
    configured = table.get("toolgen", {}).get("source_roots")
    if configured:
        return [(corpus / r).resolve() for r in configured]
    return [corpus / "src"] if (corpus / "src").is_dir() else [corpus]


def _modules(roots: list[Path]) -> list[str]:
    """Every module under the roots, named as the import system names it (namespace packages too)."""
    names = []
    for root in roots:
        for path in sorted(root.rglob("*.py")):
            if path.name.startswith("tool_schemas"):
                continue
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            if parts:
                names.append(".".join(parts))
    return names


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def main() -> None:
    framework, corpus = sys.argv[1], Path(sys.argv[2]).resolve()
    roots = _roots(corpus)
    # ``python run.py`` puts this folder first on the path; ``reference/fastmcp.py`` must not
    # stand in for the real package, neither here nor in the corpus's imports.
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]
    sys.path[:0] = [str(r) for r in roots]
    _load("reference_common", HERE / "_common.py")
    # Loaded under a name of its own: ``reference/fastmcp.py`` must not hide the real package.
    adapter = _load(f"_reference_{framework}", HERE / f"{framework}.py")
    modules = [importlib.import_module(name) for name in _modules(roots)]
    tools = adapter.collect(modules)
    json.dump(
        sorted(tools, key=lambda t: t["name"]), sys.stdout, indent=1, sort_keys=True, default=str
    )


if __name__ == "__main__":
    main()
