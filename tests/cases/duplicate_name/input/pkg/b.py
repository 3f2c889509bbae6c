from toolgen import tool


@tool
def lookup(code: str) -> str:
    """Look an airport up.

    Args:
        code: The airport's code.
    """
