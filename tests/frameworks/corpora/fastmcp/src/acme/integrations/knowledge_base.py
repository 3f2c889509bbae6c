"""Knowledge-base tools: search the help center and read its articles."""

from typing import Annotated

from fastmcp import Context
from fastmcp.tools import tool

from acme.integrations.common import KB_NAME, KB_TOP_K, QUERY, Locale
from helpdesk_mcp.server import mcp


@mcp.tool
async def search_knowledge_base(
    query: Annotated[str, QUERY],
    top_k: int = KB_TOP_K,
    locale: Locale = "en",
) -> list[dict]:
    """Search the help center for articles that answer a question.

    Args:
        query: What the requester wants to know.
        top_k: How many articles to return.
        locale: Language of the articles.
    """
    return []


@tool(name="kb_article", description=f"Read one article of the {KB_NAME} as Markdown.")
def read_article(slug: str, locale: Locale = "en") -> str:
    """Read an article.

    Args:
        slug: The article's URL slug, for example reset-your-password.
        locale: Language of the article.
    """
    return f"# {slug}"


mcp.add_tool(read_article)


@mcp.tool(title="Suggest articles")
def suggest_articles(ticket_id: str, ctx: Context, max_suggestions: int = 3) -> list[dict]:
    """Suggest help-center articles that could resolve a ticket, ranked by how
    well they match the ticket's subject and first message.

    Args:
        ticket_id: The ticket to find articles for.
        max_suggestions: How many articles to suggest.
    """
    return []
