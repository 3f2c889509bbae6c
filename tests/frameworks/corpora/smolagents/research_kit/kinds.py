"""Value types shared by the tools."""

from enum import Enum
from typing import Any, Literal

from typing_extensions import TypedDict

Freshness = Literal["day", "week", "month", "year"]
Language = Literal["en", "de", "fr", "es", "it"]


class ChartKind(Enum):
    LINE = "line"
    BAR = "bar"
    SCATTER = "scatter"


class RowFilter(TypedDict, total=False):
    """Conditions rows must meet; all given conditions apply."""

    column: str
    equals: Any
    min_value: float
    max_value: float
