"""An encyclopedia spec, in the style of llama-index-tools-wikipedia."""

from typing import Any, Dict

from llama_index.core.tools.tool_spec.base import BaseToolSpec

from knowhow.constants import DEFAULT_LANGUAGE
from knowhow.specs.base import SearchToolSpec


class WikiToolSpec(SearchToolSpec):
    """Specifies tools for reading an encyclopedia."""

    spec_functions = ["search", "load_page", ("summary", "asummary")]

    def __init__(self, endpoint: str = "https://wiki.example.org") -> None:
        self.endpoint = endpoint

    def load_page(
        self, page: str, lang: str = DEFAULT_LANGUAGE, **load_kwargs: Dict[str, Any]
    ) -> str:
        """
        Retrieve a page. Useful for learning about a concept that isn't private information.

        Args:
            page (str): Title of the page to read.
            lang (str): Language of the encyclopedia to read. (default: English)
        """
        return ""

    def summary(self, page: str, sentences: int = 3) -> str:
        """Summarise a page in a few sentences.

        :param page: Title of the page.
        :param sentences: How many sentences to keep.
        """
        return ""

    async def asummary(self, page: str, sentences: int = 3) -> str:
        """Summarise a page, asynchronously."""
        return ""

    def helper(self) -> None:
        """Not a tool: spec_functions does not name it."""


class RandomPageSpec(BaseToolSpec):
    """A spec whose one tool is a coroutine."""

    spec_functions = ["random_page"]

    async def random_page(self, category: str | None = None) -> str:
        """Pick a page at random, from a category when one is given.

        @param category the category to draw from
        """
        return ""
