"""The warning that a tool's name, parameter or field is not the name as written (NFKC)."""

from __future__ import annotations

from toolgen.errors import Diagnostics
from toolgen.scan.model import FieldDef, Function, Parameter


def say_normalised(what: str, item: Function | Parameter | FieldDef, diags: Diagnostics) -> None:
    """Where a tool's name is not the one Python binds (it NFKC-normalises identifiers: ``ｈost``
    is ``host``): toolgen reads and publishes Python's, which a call must use. Said where tools
    are built, not where every function is read: a helper's names are published nowhere."""
    if item.written:
        diags.warning(
            f"the {what} '{item.written}' is '{item.name}' to Python (it reads identifiers "
            f"NFKC-normalised): toolgen uses '{item.name}'",
            item.span,
            "normalised-name",
        )
