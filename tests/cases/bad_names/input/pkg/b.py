from toolgen import tool


@tool
def lookup() -> None:
    """Same name again."""


@tool(name="fetch-item")
def fetch_b() -> None:
    """Collides with fetch.item once '.' becomes '_' for Gemini? No: Gemini keeps '.', OpenAI keeps '-'."""


@tool(name="fetch_item")
def fetch_c() -> None:
    """Collides with fetch.item for OpenAI, Anthropic and Bedrock."""
