"""Web search, written as agno's own WebSearchTools and DuckDuckGoTools are."""

from typing import Any, List, Optional

from agno.tools import Toolkit

from research_desk.constants import DEFAULT_LIMIT
from research_desk.models import Region, Sort


class WebSearchTools(Toolkit):
    """Search the web and the news.

    Args:
        enable_search (bool): Enable web search.
        enable_news (bool): Enable news search.
        all (bool): Enable every tool.
    """

    def __init__(
        self,
        enable_search: bool = True,
        enable_news: bool = True,
        enable_images: bool = False,
        all: bool = False,
        backend: str = "auto",
        **kwargs: Any,
    ):
        self.backend = backend
        tools: List[Any] = []
        if all or enable_search:
            tools.append(self.web_search)
        if all or enable_news:
            tools.append(self.search_news)
        if all or enable_images:
            tools.append(self.search_images)
        super().__init__(name="websearch", tools=tools, **kwargs)

    def web_search(self, query: str, max_results: int = DEFAULT_LIMIT) -> str:
        """Use this function to search the web for a query.

        Args:
            query(str): The query to search for.
            max_results (optional, default=10): The maximum number of results to return.

        Returns:
            The search results from the web.
        """
        return query

    def search_news(
        self, query: str, region: Optional[Region] = None, sort: Sort = Sort.DATE
    ) -> str:
        """Use this function to get the latest news from the web.

        Args:
            query (str): The query to search for.
            region (str, optional): Where the news comes from.
            sort: How to order the stories.
        """
        return query

    def search_images(self, query: str, safe: bool = True) -> str:
        """Search for images.

        Args:
            query: What to look for.
            safe: Filter explicit results.
        """
        return query


class DuckSearchTools(WebSearchTools):
    """WebSearchTools with DuckDuckGo as the backend and no news by default."""

    def __init__(self, enable_search: bool = True, enable_news: bool = False, **kwargs: Any):
        super().__init__(
            enable_search=enable_search,
            enable_news=enable_news,
            backend="duckduckgo",
            **kwargs,
        )


class HackerNewsTools(Toolkit):
    def __init__(self, enable_get_top_stories: bool = True, enable_get_user_details: bool = True):
        tools: List[Any] = []
        if enable_get_top_stories:
            tools.append(self.get_top_hackernews_stories)
        if enable_get_user_details:
            tools.append(self.get_user_details)
        super().__init__(name="hackers_news", tools=tools)

    def get_top_hackernews_stories(self, num_stories: int = 10) -> str:
        """Use this function to get top stories from Hacker News.

        Args:
            num_stories (int): Number of stories to return. Defaults to 10.

        Returns:
            str: JSON string of top stories.
        """
        return str(num_stories)

    def get_user_details(self, username: str) -> str:
        """Use this function to get the details of a Hacker News user using their username.

        Args:
            username (str): Username of the user to get details for.

        Returns:
            str: JSON string of the user details.
        """
        return username
