"""Search engines."""

from typing import Literal, Optional

from smolagents import tool

from research_kit.kinds import Freshness
from research_kit.settings import MAX_RESULTS


@tool
def web_search(query: str, max_results: int = MAX_RESULTS, region: Optional[str] = None) -> str:
    """Search the web and return the top results as a Markdown list of titles, links and snippets.

    Args:
        query: The search query. Operators such as site: and quotes are supported.
        max_results: How many results to return.
        region: A region code such as "us-en" to localize results.
    """
    raise NotImplementedError


@tool
def news_search(query: str, freshness: Freshness = "week") -> str:
    """Search recent news articles.

    Args:
        query: What the articles should be about.
        freshness: How recent the articles must be.
    """
    raise NotImplementedError


@tool
def arxiv_search(
    query: str,
    sort_by: Literal["relevance", "lastUpdatedDate", "submittedDate"] = "relevance",
    categories: list[str] | None = None,
    max_results: int = 10,
) -> list[dict]:
    """Search arXiv for papers.

    Each result has the paper's id, title, authors, abstract and PDF link.

    Args:
        query: Words to look for in titles and abstracts.
        sort_by: The order of the results.
        categories: arXiv categories such as cs.CL or stat.ML; all when omitted.
        max_results: How many papers to return.

    Returns:
        A list of papers.
    """
    raise NotImplementedError
