from toolgen import tool

@tool
def bom(x: int) -> None:
    """UTF-8 with a BOM; 中文."""
