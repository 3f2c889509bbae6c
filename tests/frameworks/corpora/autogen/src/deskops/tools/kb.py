"""Knowledge base tools."""

from typing import Annotated, Literal, Optional

from autogen_core import CancellationToken

Audience = Literal["customers", "agents"]


async def search_articles(
    query: Annotated[str, "What the reader wants to know."],
    audience: Audience = "customers",
    top_k: int = 5,
    cancellation_token: CancellationToken | None = None,
) -> list[str]:
    """Search the knowledge base.

    Returns the best matching articles' ids, the closest first.
    """
    return []


async def get_article(article_id: str, locale: str = "en") -> str:
    """Fetch an article's text in a locale."""
    return ""


def draft_article(
    title: Annotated[str, "The article's title."],
    body_markdown: Annotated[str, "The text, in Markdown."],
    tags: Optional[list[str]] = None,
    audience: Audience = "customers",
) -> str:
    """Draft a knowledge base article for review."""
    return ""


def link_article(ticket_id: int, article_id: str) -> None:
    """Link an article to a ticket it answers."""


def rate_article(
    article_id: str,
    helpful: Annotated[bool, "Whether the article solved the problem."],
    comment: Optional[str] = None,
) -> None:
    """Record whether an article helped."""
