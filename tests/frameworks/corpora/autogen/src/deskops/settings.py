"""Module constants the tools and agents read: limits, feature switches, descriptions."""

from typing import Final

MAX_RESULTS: Final = 25
DEFAULT_REGION = "eu-west-1"
PAGE_SIZE = 50
ENABLE_REFUNDS = True
SERVICE = "deskops"

TICKET_SEARCH = "Search help desk tickets by free text, newest first."
REFUND = "Refund part or all of an invoice. Refunds above the limit need a manager's approval."
KB_PREFIX = "kb"
