from toolgen import tool

@tool
def café(x: int) -> None:
    """Latin-1 without a cookie."""
