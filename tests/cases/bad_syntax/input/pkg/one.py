from toolgen import tool

@tool
def broken(x: int:
    """Broken."""
