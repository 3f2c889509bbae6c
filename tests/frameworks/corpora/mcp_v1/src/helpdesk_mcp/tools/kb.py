"""The knowledge base: search and read help-center articles."""

from __future__ import annotations

from mcp.server.fastmcp import Context
from pydantic import Field

from helpdesk_common.constants import (
    ADMIN_PREFIX,
    DEFAULT_LOCALE,
    DEFAULT_TOP_K,
    REINDEX_DESCRIPTION,
)
from helpdesk_mcp.app import mcp
from helpdesk_mcp.caching import ttl_cache
from helpdesk_mcp.context import StateContext


@mcp.tool()
def search_kb(query: str, locale: str = DEFAULT_LOCALE, top_k: int = DEFAULT_TOP_K) -> list[dict]:
    """Semantic search over published help-center articles.

    Args:
        query: A question or keywords, in any language.
        locale: Article language.
        top_k: How many articles to return.
    """
    return []


@mcp.tool()
def get_article(
    slug: str = Field(description="The article's URL slug, e.g. 'reset-password'."),
) -> str:
    """Return an article's body as Markdown."""
    return ""


@mcp.tool()
@ttl_cache(seconds=300)
def suggest_articles(ticket_id: int, top_k: int = DEFAULT_TOP_K) -> list[str]:
    """Suggest knowledge-base articles that may answer a ticket.

    Results are cached for five minutes per ticket.
    """
    return []


@mcp.tool(name=ADMIN_PREFIX + "reindex", description=REINDEX_DESCRIPTION)
async def reindex_kb(ctx: StateContext, full: bool = False) -> str:
    await ctx.info("reindexing")
    return "started"
