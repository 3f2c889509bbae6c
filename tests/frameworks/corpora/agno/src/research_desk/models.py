"""Types the tools take, kept apart from the toolkits."""

from enum import Enum
from typing import Literal, Optional

from pydantic import BaseModel, Field

Region = Literal["us", "eu", "apac"]
Interval = Literal["1d", "1w", "1mo"]


class Sort(str, Enum):
    RELEVANCE = "relevance"
    DATE = "date"


class DateRange(BaseModel):
    """A range of dates, inclusive."""

    start: str = Field(description="First day, YYYY-MM-DD")
    end: Optional[str] = Field(default=None, description="Last day, YYYY-MM-DD")
