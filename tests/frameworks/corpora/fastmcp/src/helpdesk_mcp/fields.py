"""Parameter definitions reused by several tools."""

from typing import Annotated

from pydantic import Field

from helpdesk_mcp.settings import DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE

TICKET_ID = Field(description="Ticket identifier, for example HD-1042.", pattern=r"^HD-\d+$")
EMAIL = Field(description="Email address of the user.", max_length=254)

PAGE = Field(default=1, ge=1, description="1-based page number.")
PAGE_SIZE = Field(
    default=DEFAULT_PAGE_SIZE,
    ge=1,
    le=MAX_PAGE_SIZE,
    description=f"Results per page, at most {MAX_PAGE_SIZE}.",
)

TicketId = Annotated[str, TICKET_ID]
Email = Annotated[str, EMAIL]
