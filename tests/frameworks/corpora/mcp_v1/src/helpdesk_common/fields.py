"""pydantic ``Field`` s for the arguments many tools share."""

from pydantic import Field

from helpdesk_common.constants import (
    DEFAULT_PAGE_SIZE,
    MAX_PAGE_SIZE,
    TEAM_TEXT,
    TICKET_ID_TEXT,
)

TICKET_ID = Field(description=TICKET_ID_TEXT, gt=0)
TEAM_FIELD = Field(description=TEAM_TEXT)
PAGE_SIZE = Field(
    default=DEFAULT_PAGE_SIZE,
    ge=1,
    le=MAX_PAGE_SIZE,
    description=f"Results per page (1-{MAX_PAGE_SIZE}).",
)
