from toolgen import tool

NAME = "dynamic"


@tool(name=NAME)
def non_literal_name() -> None:
    """The name must be a literal."""


@tool(nmae="typo")
def unknown_keyword() -> None:
    """Unknown keyword."""


@tool("positional")
def positional_argument() -> None:
    """Positional arguments are not accepted."""


@tool(name="has space!")
def invalid_name() -> None:
    """No provider accepts this name."""


@tool(description=f"{NAME} tool")
def fstring_description() -> None:
    """Not a literal either."""
