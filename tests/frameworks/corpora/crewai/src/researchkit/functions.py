"""Tools written as functions with CrewAI's @tool, named or not."""

from typing import Annotated, Optional

from crewai.tools import tool
from crewai.tools import base_tool
from pydantic import Field

from researchkit.constants import MAX_RESULTS

WIKI = "Wikipedia"


@tool("Wikipedia Lookup")
def wikipedia_lookup(title: str, language: str = "en") -> str:
    """Return the summary of a Wikipedia article by its title."""
    return ""


@tool
def word_count(text: str) -> int:
    """Count the words of a text.

    Args:
        text: The text (CrewAI does not read this section: the whole docstring is the
            description).
    """
    return len(text.split())


@tool()
def unit_convert(value: float, from_unit: str, to_unit: str) -> float:
    """Convert a value between units of length, mass or time."""
    return value


@tool(WIKI + " random article")
def random_article(language: str = "en", *tags: str) -> str:
    """A random article's title, from one language's Wikipedia."""
    return ""


@tool("currency rate", result_as_answer=True)
def currency_rate(
    base: Annotated[str, Field(description="ISO code of the currency to convert from.")],
    quote: Annotated[str, Field(description="ISO code of the currency to convert to.")] = "USD",
    day: Optional[str] = None,
) -> float:
    """The exchange rate between two currencies on a day (today without one)."""
    return 1.0


@base_tool.tool("summarizeText")
def summarize(text: str, max_sentences: int = 3, **options: str) -> str:
    """
    Summarise a text in a few sentences.

    The summary keeps names and numbers as written.
    """
    return text


@tool("Find Citations", max_usage_count=MAX_RESULTS)
def find_citations(
    doi: str, limit: int = Field(default=10, le=MAX_RESULTS, description="At most this many.")
) -> list:
    """Papers that cite a DOI, newest first."""
    return []


@tool("Café finder")
def cafe_finder(city: str, open_now: bool = True) -> list:
    """Cafés in a city, for the crew's offsite."""
    return []


@tool("Look up the full profile of a research institution by its registry identifier and country")
def institution_profile(registry_id: str, country: str) -> dict:
    """An institution's profile: name, address, fields, staff."""
    return {}
