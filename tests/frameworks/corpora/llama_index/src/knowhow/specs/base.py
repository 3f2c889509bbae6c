"""What every search-backed spec shares."""

from typing import List

from llama_index.core.tools.tool_spec.base import BaseToolSpec

from knowhow.constants import MAX_RESULTS


class SearchToolSpec(BaseToolSpec):
    """A spec whose backend answers free-text queries."""

    def search(self, query: str, max_results: int = MAX_RESULTS) -> List[str]:
        """
        Search the backend and return matching titles.

        Args:
            query (str): The words to look for.
            max_results (int): How many titles to return at most.
        """
        return []
