"""Reusable parameter types: ``Annotated`` aliases and ``Field`` defaults."""

from typing import Annotated, Literal

from pydantic import Field

from support_desk.settings import DEFAULT_PAGE_SIZE, MAX_RESULTS

OrderId = Annotated[
    str,
    Field(
        pattern=r"^ORD-\d{6}$",
        description="Order number as printed on the receipt, e.g. ORD-004211.",
    ),
]
TicketId = Annotated[str, Field(min_length=4, description="Ticket key, e.g. SUP-1182.")]
PageSize = Annotated[int, Field(ge=1, le=MAX_RESULTS, description="How many results to return.")]
Locale = Literal["en-GB", "de-DE", "fr-FR", "nl-NL"]

PAGE = Field(default=1, ge=1, description="1-based page of results.")
LIMIT = Field(default=DEFAULT_PAGE_SIZE, ge=1, le=MAX_RESULTS, description="Results per page.")
INTERNAL_NOTE = Field(
    default="",
    max_length=2000,
    description="Note for the support team; the customer never sees it.",
)
