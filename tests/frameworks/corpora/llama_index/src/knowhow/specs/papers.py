"""A paper index spec: the names it lists are a constant of another module."""

from typing import Annotated, List, Literal, Optional

from pydantic import Field

from knowhow.constants import PAPER_FUNCTIONS
from knowhow.models import DateRange
from knowhow.specs.base import SearchToolSpec

SortOrder = Literal["relevance", "newest", "cited"]


class PaperToolSpec(SearchToolSpec):
    """Searches and reads a preprint server."""

    spec_functions = PAPER_FUNCTIONS

    def fetch_abstract(
        self,
        paper_id: Annotated[str, "The server's identifier, like 2401.01234."],
        with_references: bool = False,
    ) -> str:
        """Fetch a paper's abstract."""
        return ""

    def list_authors(
        self,
        paper_id: str = Field(description="The paper whose authors to list."),
        order: SortOrder = "relevance",
        published: Optional[DateRange] = None,
    ) -> List[str]:
        """List the authors of a paper.

        Args:
            paper_id: Not read by llama-index (no type in parentheses).
            order (SortOrder): How to sort the authors.
        """
        return []


class CitationSpec(PaperToolSpec):
    """The paper tools plus citation counts: it names its own."""

    spec_functions = ["search", "count_citations"]

    def count_citations(self, paper_id: str, *, since_year: int = 2000) -> int:
        """Count the citations of a paper.

        Args:
            paper_id (str): The paper.
            since_year (int): Count only citations from this year on.
        """
        return 0
