from toolgen import tool

@tool
def ok(x: int) -> None:
    """Fine."""
