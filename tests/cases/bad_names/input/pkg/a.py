from toolgen import tool


@tool
def lookup() -> None:
    """First."""


@tool(name="fetch.item")
def fetch_a() -> None:
    """Dotted name."""
