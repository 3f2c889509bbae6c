"""toolgen: LLM tool schemas generated at build time from Python source, never imported.

At run time only :func:`tool` and :class:`Param` are used; they are cheap no-ops. The build's
API (:func:`generate`, :func:`build` and the types they take and return, docs/api.md) is
loaded on first use, so that a program importing toolgen for its markers never pays for
libcst, black, jinja2 or click.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolgen._version import __version__
from toolgen.markers import Param, tool

if TYPE_CHECKING:
    from toolgen.api import BuildResult, Generated, build, generate
    from toolgen.errors import Diagnostic, Severity, SourceSpan
    from toolgen.report import FileResult, Status
    from toolgen.settings import Target

__all__ = [
    "BuildResult",
    "Diagnostic",
    "FileResult",
    "Generated",
    "Param",
    "Severity",
    "SourceSpan",
    "Status",
    "Target",
    "__version__",
    "build",
    "generate",
    "tool",
]

_LAZY = {
    "BuildResult": "toolgen.api",
    "Generated": "toolgen.api",
    "build": "toolgen.api",
    "generate": "toolgen.api",
    "Diagnostic": "toolgen.errors",
    "Severity": "toolgen.errors",
    "SourceSpan": "toolgen.errors",
    "FileResult": "toolgen.report",
    "Status": "toolgen.report",
    "Target": "toolgen.settings",
}
"""The public API beside the markers, by the module that defines each name."""


def __getattr__(name: str) -> Any:
    """The build's API, imported when first asked for (the one lazy seam of ``import toolgen``)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'toolgen' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
