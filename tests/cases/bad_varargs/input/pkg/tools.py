from toolgen import tool


@tool
def log(message: str, *parts: str, **fields: str) -> None:
    """Variadic parameters cannot be described."""
