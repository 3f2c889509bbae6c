"""Fetching pages and documents."""

from __future__ import annotations

from smolagents import tool

from ..settings import DEFAULT_LANGUAGE, DEFAULT_TIMEOUT


@tool
def visit_webpage(url: str) -> str:
    """Visit a web page and return its content as Markdown.

    Args:
        url: The page's address.
    """
    raise NotImplementedError


@tool
def fetch_json(
    url: str, headers: dict[str, str] | None = None, timeout: float = DEFAULT_TIMEOUT
) -> dict:
    """Fetch a JSON document over HTTP GET.

    Args:
        url: The document's address.
        headers: Extra request headers.
        timeout: Seconds to wait for the server.
    """
    raise NotImplementedError


@tool
def wiki_lookup(
    title: str, language: str = DEFAULT_LANGUAGE, sections: list[str] | None = None
) -> str:
    """Read a Wikipedia article.

    Args:
        title: The article's title.
        language: The Wikipedia edition (choices: ["en", "de", "fr", "es"])
        sections: Only these sections; the whole article when omitted.
    """
    raise NotImplementedError
