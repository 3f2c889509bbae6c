"""Tool signatures written as real source: toolgen reads them, pydantic introspects them."""
