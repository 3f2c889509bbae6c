"""Tools with problems that are warnings, not errors."""

import numpy as np
from toolgen import tool


class Plain:
    """Not an Enum, TypedDict, dataclass or model."""


@tool
def analyse(matrix: np.ndarray, config: Plain, mystery: "Undefined", count: int = 1) -> None:
    """Analyse a matrix.

    Args:
        matrix: The data.
        count: How many passes.
        verbose: Print more (not a parameter).
    """


@tool
def undocumented(a: int, b: str) -> None:
    """No parameter is documented here."""
