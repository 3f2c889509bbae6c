"""Limits, names and texts shared by the tools (kept apart so support staff can edit them)."""

from typing import Final

TOOL_PREFIX: Final = "desk"
MAX_RESULTS: Final = 25
DEFAULT_PAGE_SIZE = 10
DEFAULT_LOCALE = "en-GB"
DEFAULT_CURRENCY = "EUR"
REFUND_WINDOW_DAYS = 30
WAREHOUSE_CITY = "Rotterdam"

ESCALATE_TOOL_NAME = "escalate_to_human"
ESCALATE_TOOL_DESCRIPTION = (
    "Hand the conversation over to a human support agent. "
    "Use it only when the customer asks for a person, or when no other tool can solve the issue."
)


class Texts:
    """Tool descriptions reviewed by the support team."""

    REFUND = (
        f"Open a refund request for an order placed in the last {REFUND_WINDOW_DAYS} days. "
        "The request is reviewed by billing; tell the customer it takes up to five working days."
    )
    STORE_CREDIT = "Give the customer store credit instead of a refund."
