"""Data tools: most derive their schema from _run's signature; two share a CSV model."""

from datetime import date
from enum import Enum
from typing import Any, Dict, List, Literal, Optional, Type

from crewai.tools import BaseTool
from pydantic import BaseModel, Field

from researchkit.constants import MAX_RESULTS
from researchkit.schemas import CsvQuery
from researchkit.tools.base import ResearchTool


class Aggregate(str, Enum):
    SUM = "sum"
    MEAN = "mean"
    COUNT = "count"


class CSVSearchTool(ResearchTool):
    name: str = "Search a CSV's content"
    description: str = "A tool that can be used to semantic search a query from a CSV's content."
    args_schema: Type[BaseModel] = CsvQuery

    def _run(self, search_query: str, csv: str, **kwargs: Any) -> Any:
        return []


class AggregateInput(BaseModel):
    csv: str = Field(description="File path or URL of a CSV file")
    column: str = Field(description="The column to aggregate.")
    how: Aggregate = Field(default=Aggregate.SUM, description="The aggregate.")


class CSVAggregateTool(CSVSearchTool):
    """Another name, text and model; CSVSearchTool's _run."""

    name: str = "Aggregate a CSV column"
    description: str = "Sum, average or count one column of a CSV file."
    args_schema: Type[BaseModel] = AggregateInput


class NL2SQLTool(BaseTool):
    name: str = "NL2SQLTool"
    description: str = "Converts natural language to SQL queries and executes them."
    db_uri: str = Field(default="sqlite://", description="The URI of the database to connect to.")

    def _run(self, sql_query: str) -> Any:
        return []


class TableSchemaTool(ResearchTool):
    name: str = "describe_table"
    description: str = "Column names and types of one table."

    def _run(
        self, table: str, schema_name: Optional[str] = None, with_indexes: bool = False
    ) -> Dict[str, str]:
        return {}


class TimeSeriesTool(ResearchTool):
    name: str = "time_series"
    description: str = "A metric's daily values between two dates."

    def _run(
        self,
        metric: str,
        start: date,
        end: Optional[date] = None,
        granularity: Literal["day", "week", "month"] = "day",
    ) -> List[float]:
        return []


class TopValuesTool(ResearchTool):
    name: str = "top_values"
    description: str = "The most frequent values of a column."

    def _run(
        self, column: str, limit: int = MAX_RESULTS, exclude: Optional[List[str]] = None
    ) -> list:
        return []


class UntypedEchoTool(ResearchTool):
    """An unannotated parameter is Any to CrewAI: no type."""

    name: str = "echo_value"
    description: str = "Return what it is given, for tests of a crew."

    def _run(self, value, note: str = "") -> Any:
        return value


class SampleRowsTool(ResearchTool):
    name: str = "Sample Rows"
    description: str = "A random sample of a table's rows."

    def _run(
        self, table: str, n: int = Field(default=5, ge=1, le=100, description="How many rows.")
    ) -> list:
        return []
