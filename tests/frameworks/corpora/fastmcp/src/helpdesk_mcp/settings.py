"""Settings shared by the servers and their tools."""

SERVER_NAME = "helpdesk"
SERVER_INSTRUCTIONS = (
    "Tools for the Acme helpdesk. Search before you create: most questions already "
    "have a ticket or a knowledge-base article."
)

# Every tool whose name could collide with another server's is prefixed.
TOOL_PREFIX = "helpdesk_"

DEFAULT_PAGE_SIZE = 25
MAX_PAGE_SIZE = 100
MAX_COMMENT_LENGTH = 4_000
RETENTION_DAYS = 90
DEFAULT_EXPORT_FORMAT = "csv"
SLA_WINDOW_HOURS = 24.0

CREATE_TICKET_DESCRIPTION = (
    "Open a new support ticket on behalf of the requester. "
    "Returns the ticket id and its initial status."
)
STATS_TOOL_NAME = TOOL_PREFIX + "ticket_stats"
