import math
from typing import Annotated, Any, Literal, Optional

from annotated_types import Ge
from pydantic import Field

from toolgen import Param, tool

from .constants import (
    CHAIN_59,
    FROM_ENV,
    HUGE,
    MIN_FROM_ENV,
    NAMES_FROM_ENV,
    LIMIT_FIELD,
    LOOP_A,
    MAX_ROWS,
    PREFIX,
    REGION_FIELD,
    Unit,
)


@tool(name=PREFIX + "query", description=f"Run a query; at most {MAX_ROWS} rows come back.")
def query(
    sql: Annotated[str, Param(desc="The query, " + "read-only.")],
    region: Annotated[Optional[str], REGION_FIELD] = None,
    limit: int = LIMIT_FIELD,
    unit: Unit = Unit.CELSIUS,
) -> list[dict[str, Any]]:
    """Ignored: the decorator's description wins."""


@tool(description=FROM_ENV)
def unfoldable(
    region: str = FROM_ENV,
    loop: str = LOOP_A,
    deep: str = CHAIN_59,
    mode: Literal["a", "b"] = "a" if MAX_ROWS else "b",
) -> None:
    """Each default here cannot be read without running the code."""


@tool
def anything(payload: Any, note: str = "") -> None:
    """Gemini's parameters subset has no untyped value: this tool goes out as parametersJsonSchema.

    Args:
        payload: Any JSON value.
        note: A note.
    """


@tool(name=NAMES_FROM_ENV)
def more_unfoldable(
    ratio: float = math.pi,
    missing: str = NOT_DEFINED_ANYWHERE,
    huge: float = HUGE,
    shade: str = f"{Unit.CELSIUS} shade",
    level: Literal[FROM_ENV] = "eu",
    size: Annotated[int, Field(description=FROM_ENV, ge=MIN_FROM_ENV)] = 1,
    step: Annotated[int, Ge(FROM_ENV)] = 1,
    label: Annotated[str, Param(desc=FROM_ENV)] = "x",
) -> None:
    """Every other kind of value that cannot be read without running the code."""
