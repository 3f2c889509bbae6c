from toolgen import tool


@tool
def search_tools(query: str) -> list[str]:
    """Find the tools that fit a task."""


@tool(defer_loading=True)
def export_report(year: int) -> str:
    """Export the yearly report; rarely needed, so loaded only when tool search finds it."""


@tool(defer_loading=False)
def ping() -> str:
    """Answer pong."""
