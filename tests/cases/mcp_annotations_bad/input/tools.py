from toolgen import tool


@tool(annotations={"readOnly": True})
def misspelt() -> None:
    """An unknown key."""


@tool(annotations={"destructiveHint": "yes"})
def not_a_bool() -> None:
    """A hint that is not True or False."""


@tool(annotations=["readOnlyHint"])
def not_a_dict() -> None:
    """Not a dict."""
