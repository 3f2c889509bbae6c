"""The help desk's tool base classes: what every tool shares, and a family of read-only ones."""

from langchain_core.tools import BaseTool

from helpdesk.constants import PREFIX


class HelpdeskTool(BaseTool):
    """Every help desk tool: a default description, overridden by most."""

    description: str = "A tool of the Acme help desk."


class ReadOnlyTool(HelpdeskTool):
    description: str = "Reads the help desk without changing anything."
    name: str = PREFIX + "read"
