"""Helpdesk MCP server."""

from helpdesk_mcp.app import mcp

__all__ = ["mcp"]
