"""Searching the help center and the FAQ."""

from enum import Enum

import agents

from support_desk.fields import PageSize
from support_desk.settings import DEFAULT_LOCALE, MAX_RESULTS


class HelpSection(Enum):
    ORDERS = "orders"
    PAYMENTS = "payments"
    RETURNS = "returns"
    ACCOUNT = "account"


@agents.function_tool
def search_faq(query: str, locale: str = DEFAULT_LOCALE, limit: PageSize = 5) -> list[dict]:
    """Search the frequently asked questions.

    Args:
        query (str): Words to look for, in the customer's language.
        locale (str): Language and region of the FAQ to search.
        limit (int): Number of answers to return.
    """
    return []


@agents.function_tool(docstring_style="numpy")
async def search_help_center(
    query: str, section: HelpSection | None = None, limit: int = MAX_RESULTS
) -> list[dict]:
    """Full-text search over the help-center articles.

    Parameters
    ----------
    query
        The search terms.
    section
        Restrict the search to one section.
    limit
        Maximum number of articles.
    """
    return []
