"""A help desk served by the MCP SDK's server: every kind of return it describes."""
