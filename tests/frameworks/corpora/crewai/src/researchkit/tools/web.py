"""Web tools, as crewai-tools writes SerperDevTool and ScrapeWebsiteTool: models in schemas.py."""

from typing import Annotated, Any, Optional, Type

from crewai.tools.base_tool import BaseTool
from pydantic import BaseModel, Field

from researchkit.constants import BRAND, MAX_RESULTS, SEARCH_DESCRIPTION
from researchkit.schemas import (
    NewsSearchSchema,
    PaperQuery,
    ScrapeWebsiteToolSchema,
    SearchTypeQuery,
    SerperSearchSchema,
)
from researchkit.tools.base import WebTool


class SerperSearchTool(WebTool):
    name: str = "Search the internet with Serper"
    description: str = SEARCH_DESCRIPTION
    args_schema: Type[BaseModel] = SerperSearchSchema
    base_url: str = "https://google.serper.dev"
    n_results: int = 10

    def _run(self, **kwargs: Any) -> Any:
        return []


class NewsSearchTool(SerperSearchTool):
    """Inherits the key and base URL; its own schema and name."""

    name: str = "Search news with Serper"
    args_schema: Type[BaseModel] = NewsSearchSchema


class ScrapeWebsiteTool(WebTool):
    name: str = "Read website content"
    description: str = "A tool that can be used to read a website content."
    args_schema: Type[BaseModel] = ScrapeWebsiteToolSchema
    website_url: Optional[str] = None
    cookies: Optional[dict] = None

    def _run(self, **kwargs: Any) -> Any:
        return ""


class PaperSearchTool(WebTool):
    name: str = f"{BRAND} Paper Search"
    description: str = "Search research papers by text, field and author."
    args_schema: Type[BaseModel] = PaperQuery

    def _run(self, **kwargs: Any) -> Any:
        return []


class IndexSearchTool(WebTool):
    name: str = "IndexSearch"
    args_schema: Type[BaseModel] = SearchTypeQuery  # the description is WebTool's

    def _run(self, query: str, kind: str = "search") -> Any:
        return []


class HTTPFetcherTool(WebTool):
    """_run's signature, with Field descriptions in Annotated."""

    name: str = "HTTPFetcher"
    description: str = "Fetch a URL and return the response body as text."

    def _run(
        self,
        url: Annotated[str, Field(description="The address to fetch.")],
        timeout: Annotated[float, Field(description="Seconds to wait.", gt=0)] = 10.0,
        headers: Optional[dict[str, str]] = None,
    ) -> str:
        return ""


class SitemapTool(WebTool):
    name: str = "Sitemap reader"
    description: str = "List the pages a site's sitemap names."

    def _run(self, site: str, limit: int = MAX_RESULTS) -> list[str]:
        return []


class AsyncCrawlTool(WebTool):
    """Only async: _run takes **kwargs, so CrewAI reads _arun's signature."""

    name: str = "Crawl site"
    description: str = "Crawl a site breadth first, up to a depth."

    def _run(self, **kwargs: Any) -> Any:
        return None

    async def _arun(self, start_url: str, depth: int = 2, same_domain: bool = True) -> list[str]:
        return []


class RobotsTool(BaseTool):
    name: str = "Check robots.txt"
    description: str = (
        "Tool Name: Check robots.txt\n"
        "Tool Arguments: {'url': {'type': 'string'}}\n"
        "Tool Description: Whether a crawler may fetch a URL, by the site's robots.txt."
    )

    def _run(self, url: str, agent: str = "*") -> bool:
        return True
