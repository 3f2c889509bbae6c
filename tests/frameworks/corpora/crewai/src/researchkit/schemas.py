"""The argument models of the research tools, as crewai-tools keeps them beside each tool."""

from enum import Enum
from typing import Literal, Optional

from pydantic import BaseModel, Field

from researchkit.constants import DEFAULT_COUNTRY, MAX_RESULTS


class SearchType(str, Enum):
    SEARCH = "search"
    NEWS = "news"
    IMAGES = "images"


class SerperSearchSchema(BaseModel):
    """Input for SerperSearchTool."""

    search_query: str = Field(
        ..., description="Mandatory search query you want to use to search the internet"
    )


class NewsSearchSchema(SerperSearchSchema):
    """Input for news search: the query, and how recent."""

    days: int = Field(
        default=7, ge=1, le=365, description="Only articles newer than this many days."
    )
    country: str = Field(default=DEFAULT_COUNTRY, description="Two-letter country code.")


class FixedFileReadToolSchema(BaseModel):
    """Input for FileReadTool."""


class FileReadToolSchema(FixedFileReadToolSchema):
    """Input for FileReadTool."""

    file_path: str = Field(..., description="Mandatory file full path to read the file")
    start_line: Optional[int] = Field(
        1, description="Line number to start reading from (1-indexed)"
    )
    line_count: Optional[int] = Field(
        None, description="Number of lines to read. If None, reads the entire file"
    )


class FixedDirectoryReadToolSchema(BaseModel):
    """Input for DirectoryReadTool."""


class DirectoryReadToolSchema(FixedDirectoryReadToolSchema):
    """Input for DirectoryReadTool."""

    directory: str = Field(..., description="Mandatory directory to list content")


class FileWriterToolInput(BaseModel):
    filename: str
    directory: Optional[str] = "./"
    overwrite: bool = False
    content: str


class ScrapeWebsiteToolSchema(BaseModel):
    """Input for ScrapeWebsiteTool."""

    website_url: str = Field(..., description="Mandatory website url to read the file")


class Page(BaseModel):
    """One page of results."""

    number: int = Field(default=1, ge=1, description="The page, from 1.")
    size: int = Field(default=10, le=MAX_RESULTS, description="Results per page.")


class PaperQuery(BaseModel):
    query: str = Field(description="Words to look for in titles and abstracts.")
    field: Literal["cs", "math", "physics", "bio"] | None = Field(
        default=None, description="Only papers of this field."
    )
    page: Page = Field(default_factory=Page, description="Which page of results.")
    authors: list[str] = Field(default_factory=list, description="Only papers by these authors.")


class SearchTypeQuery(BaseModel):
    query: str = Field(description="What to search for.")
    kind: SearchType = Field(default=SearchType.SEARCH, description="Which index to search.")


class CsvQuery(BaseModel):
    """Input for CSV search."""

    search_query: str = Field(
        ..., description="Mandatory search query you want to use to search the CSV's content"
    )
    csv: str = Field(..., description="File path or URL of a CSV file to be searched")
