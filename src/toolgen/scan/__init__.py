"""The libcst front end: files → ``ModuleScan`` s (phase one), then resolution and schemas (phase two)."""

from __future__ import annotations

from toolgen.discover import SourceFile
from toolgen.scan.gather import gather_file, gather_text
from toolgen.scan.model import ModuleScan

__all__ = ["ModuleScan", "gather_file", "gather_text", "scan_file"]


def scan_file(source: SourceFile, data: bytes | None = None) -> ModuleScan:
    """Phase one for one file: everything it defines and imports, as plain data."""
    return gather_file(source.path, source.display, source.module, source.is_package,
                       source.is_stub, data)
