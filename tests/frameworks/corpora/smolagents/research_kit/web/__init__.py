"""Web tools."""

from research_kit.web.fetch import fetch_json, visit_webpage, wiki_lookup
from research_kit.web.search import arxiv_search, news_search, web_search

__all__ = [
    "arxiv_search",
    "fetch_json",
    "news_search",
    "visit_webpage",
    "web_search",
    "wiki_lookup",
]
