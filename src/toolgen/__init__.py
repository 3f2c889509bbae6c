"""toolgen: LLM tool schemas generated at build time from Python source, never imported.

At run time only :func:`tool` and :class:`Param` are used; they are cheap no-ops.
Everything else (libcst, jinja2, black, click) is loaded only by the build.
"""

from __future__ import annotations

from toolgen._version import __version__
from toolgen.markers import Param, tool

__all__ = ["Param", "__version__", "tool"]
