"""A tool of the travel server, defined in a module that imports the server."""

from app.servers.travel import mcp


@mcp.tool(name="book")
def book_hotel(hotel_id: str) -> str:
    """Book a hotel by its id."""
    return hotel_id
