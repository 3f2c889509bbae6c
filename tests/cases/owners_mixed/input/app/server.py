"""One MCP server and one agent in a target: TOOLS_MCP serves only the server's tools."""

from mcp.server.fastmcp import FastMCP
from pydantic_ai import Agent

server = FastMCP("files")
assistant = Agent("openai:gpt-4o")


@server.tool()
def read_file(path: str) -> str:
    """Read a file."""
    return path


@assistant.tool_plain
def summarize(text: str, words: int = 50) -> str:
    """Summarize a text."""
    return text
