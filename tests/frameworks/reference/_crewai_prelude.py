"""Make ``crewai.tools`` importable without the rest of crewai: run before a corpus is imported
(by ``reference/crewai.py``, and by ``round_trip.py`` through ``harness.prelude``).

``crewai/__init__.py`` imports the whole framework (agents, crews, flows, memory, telemetry:
chromadb, lancedb, litellm, opentelemetry, ...), and so does ``crewai/utilities/__init__.py``
(instructor, the converter, i18n); the tools modules themselves import only pydantic, jsonref
and ``crewai_core.printer``. So ``crewai`` and ``crewai.utilities`` are registered as bare
packages, each its installed folder as its ``__path__`` and none of its ``__init__`` run:
nothing is stubbed or replaced, and ``crewai.tools``, ``crewai.tools.base_tool`` and
``crewai.utilities.string_utils`` load from their own files, as in a full install. That is what
lets ``envs/crewai.txt`` hold two packages.
"""

from __future__ import annotations

import importlib.util
import sys
import types


def _bare(name: str) -> None:
    """Register the installed package ``name`` without running its ``__init__``."""
    if name in sys.modules:
        return
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.submodule_search_locations is not None, name
    package = types.ModuleType(name)
    package.__path__ = list(spec.submodule_search_locations)
    package.__spec__ = spec
    package.__file__ = spec.origin
    sys.modules[name] = package
    parent, _, child = name.rpartition(".")
    if parent:
        setattr(sys.modules[parent], child, package)


_bare("crewai")
_bare("crewai.utilities")
