"""The libcst front end: files → ``ModuleScan`` s (phase one), then resolution and schemas (phase two).

libcst is imported only when a file is actually scanned, so a build served from the
cache never pays for it.
"""

from __future__ import annotations

from toolgen.discover import SourceFile
from toolgen.scan.model import ModuleScan

__all__ = ["ModuleScan", "scan_file"]


def scan_file(source: SourceFile, data: bytes | None = None) -> ModuleScan:
    """Phase one for one file: everything it defines and imports, as plain data."""
    from toolgen.scan.gather import gather_file

    return gather_file(
        source.path, source.display, source.module, source.is_package, source.is_stub, data
    )
