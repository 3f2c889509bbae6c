"""Limits, defaults and texts shared by the helpdesk server and its workers."""

APP_NAME = "helpdesk"
ADMIN_PREFIX = "admin_"
TICKET_PREFIX = "ticket_"

DEFAULT_PAGE_SIZE = 25
MAX_PAGE_SIZE = 200

DEFAULT_LOCALE = "en-US"
DEFAULT_TOP_K = 5

MAX_ROWS = 1000
DEFAULT_SCHEMA = "reporting"
DEFAULT_EXPORT_COLUMNS = ("id", "subject", "status", "created_at")
SLA_WINDOWS = ("24h", "7d", "30d")

CUSTOMER_EMAIL_TEXT = "The customer's e-mail address, as it appears on their account."
TICKET_ID_TEXT = "Numeric ticket id (the number after '#', e.g. 48213)."
_TEAM_TEXT = "Support team slug, e.g. 'billing' or 'tier-2'"
TEAM_TEXT = _TEAM_TEXT + "."

REINDEX_DESCRIPTION = (
    "Rebuild the knowledge-base search index. A full rebuild takes several minutes; "
    "the incremental one only picks up articles changed since the last run."
)
