"""SQL over the research database."""

from typing import Any

from smolagents import tool

from research_kit import settings


@tool
def run_sql(query: str, params: dict[str, Any] | None = None) -> list[dict]:
    """Run a read-only SQL query on the research database.

    Only SELECT statements are allowed; anything else is rejected before it reaches the
    database.

    Args:
        query: The SQL query, with :name placeholders for parameters.
        params: Values of the query's placeholders.

    Returns:
        The rows, as mappings of column name to value.
    """
    raise NotImplementedError


@tool
def sample_rows(
    table: str, n: int = settings.MAX_ROWS // 100, seed: int | None = None
) -> list[dict]:
    """Draw a random sample of a table's rows.

    Args:
        table: The table's name.
        n: How many rows to draw.
        seed: Seed of the random generator, for a reproducible sample.
    """
    raise NotImplementedError


@tool
def list_tables() -> list[str]:
    """List the tables of the research database."""
    raise NotImplementedError


@tool
def get_row(table: str, key: int | str) -> dict:
    """Fetch one row of a table by its primary key.

    Args:
        table: The table's name.
        key: The primary key: a number for most tables, a string for the ones keyed by slug.
    """
    raise NotImplementedError
