"""Acme helpdesk MCP server.

Importing the package builds the server and registers every tool on it.
"""

from helpdesk_mcp.server import mcp

__all__ = ["mcp"]
__version__ = "0.3.0"
