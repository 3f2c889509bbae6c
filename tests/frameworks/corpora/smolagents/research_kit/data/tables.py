"""Tabular data (``research_kit.data`` has no ``__init__`` either)."""

from typing import Any, Optional

from smolagents import tool

from research_kit.kinds import RowFilter
from research_kit.settings import PREVIEW_ROWS


@tool
def read_csv(path: str, delimiter: str = ",", preview: tuple[int, int] = PREVIEW_ROWS) -> str:
    """Read a CSV file and return a preview of its rows as a Markdown table.

    Args:
        path: Path of the file, relative to the working directory.
        delimiter: The field separator.
        preview: The first and last row of the preview, end excluded.
    """
    raise NotImplementedError


@tool
def summarize_table(
    rows: list[dict[str, Any]],
    group_by: Optional[str] = None,
    metrics: Optional[list[str]] = None,
) -> dict:
    """Compute summary statistics of a table.

    For every numeric column: count, mean, standard deviation, minimum and maximum.

    Args:
        rows: The table, one mapping of column name to value per row.
        group_by: A column to group the rows by before summarizing.
        metrics: Only these statistics, for example ["mean", "max"].
    """
    raise NotImplementedError


@tool
def filter_rows(rows: list[dict], where: RowFilter, limit: int | None = None) -> list[dict]:
    """Keep the rows of a table that meet a condition.

    Args:
        rows: The table.
        where: The condition: a column and a value it must equal, or bounds it must lie within.
        limit: Keep at most this many rows.
    """
    raise NotImplementedError


@tool
def describe_dataset(name: str, split: str, with_stats: bool) -> str:
    """Describe a dataset of the Hugging Face Hub: its features, sizes and license.

    Args:
        name: The dataset's repository id, for example
            stanfordnlp/imdb or
            squad: the bare name of a canonical dataset.
        split: The split whose size and statistics are reported.
        with_stats: Whether to compute statistics of the numeric features.
    """
    raise NotImplementedError
