"""Tools that list, inspect and query the lab's datasets."""

from typing import Any

from smolagents import Tool

from labkit.constants import COLUMNS_INPUT, DATASET_INPUT, LIMIT_INPUT, PREFIX, QUERY_INPUTS
from labkit.tools.base import DatasetTool, LabTool


class ListDatasets(LabTool):
    name = PREFIX + "list_datasets"
    description = "Lists the datasets the lab holds, one per line with its row count."
    inputs = {}

    def forward(self) -> str:
        return ""


class DescribeDataset(DatasetTool):
    name = PREFIX + "describe_dataset"
    description = (
        "Describes a dataset: its columns, their types and how many values are missing. "
        "Use it before writing a query."
    )

    def forward(self, dataset: str) -> str:
        return dataset


class QueryDataset(LabTool):
    name = PREFIX + "query"
    description = "Runs a read-only SQL query over a dataset and returns the rows as CSV."
    inputs = QUERY_INPUTS

    def forward(self, dataset: str, sql: str, limit: int | None = None) -> str:
        return sql


class SampleRows(LabTool):
    name = f"{PREFIX}sample"
    description = "Returns a random sample of a dataset's rows."
    inputs = {
        "dataset": {"type": "string", "description": "Dataset to sample."},
        "size": {"type": "integer", "description": "How many rows to draw."},
        "seed": {
            "type": "integer",
            "description": "Random seed, for a repeatable draw.",
            "nullable": True,
        },
        "columns": COLUMNS_INPUT,
    }

    def forward(
        self, dataset: str, size: int, seed: int | None = None, columns: list[str] | None = None
    ) -> str:
        return dataset


class ExportDataset(LabTool):
    name = PREFIX + "export"
    description = "Writes a dataset to a file in the chosen format and returns its path."
    inputs = {
        "dataset": {"type": "string", "description": "Dataset to export."},
        "format": {
            "type": "string",
            "enum": ["csv", "parquet", "json"],
            "description": "File format.",
        },
        "compress": {"type": "boolean", "description": "Gzip the file.", "nullable": True},
    }

    def forward(self, dataset: str, format: str, compress: bool = False) -> str:
        return dataset


class FilterRows(Tool):
    name = "lab_filter"
    description = "Keeps the rows of a dataset where a column compares to a value."
    inputs = {
        "dataset": {"type": "string", "description": "Dataset to filter."},
        "column": {"type": "string", "description": "Column to compare."},
        "op": {"type": "string", "description": "One of ==, !=, <, <=, >, >=."},
        "value": {"type": "any", "description": "The value to compare with."},
    }
    output_type = "object"

    def forward(self, dataset: str, column: str, op: str, value: Any) -> dict:
        return {}


class MergeDatasets(LabTool):
    name = PREFIX + "merge"
    description = "Joins two datasets on a key column and stores the result under a new name."
    inputs = {
        "left": {"type": "string", "description": "Left dataset."},
        "right": {"type": "string", "description": "Right dataset."},
        "on": {"type": "string", "description": "Key column present in both."},
        "how": {
            "type": "string",
            "enum": ["inner", "left", "right", "outer"],
            "description": "Kind of join.",
            "nullable": True,
        },
        "into": {"type": "string", "description": "Name of the merged dataset.", "nullable": True},
    }

    def forward(
        self, left: str, right: str, on: str, how: str = "inner", into: str | None = None
    ) -> str:
        return left


class DropColumns(DatasetTool):
    name = PREFIX + "drop_columns"
    description = "Removes columns from a dataset, in place."
    inputs = {
        "dataset": DATASET_INPUT,
        "columns": {
            "type": "array",
            "items": {"type": "string"},
            "description": "The columns to remove.",
        },
    }

    def forward(self, dataset: str, columns: list[str]) -> int:
        return len(columns)


class RenameColumn(DatasetTool):
    name = PREFIX + "rename_column"
    description = "Renames one column of a dataset."
    inputs = {
        "dataset": DATASET_INPUT,
        "old": {"type": "string", "description": "The column's current name."},
        "new": {"type": "string", "description": "Its new name."},
    }

    def forward(self, dataset: str, old: str, new: str) -> str:
        return new


list_datasets = ListDatasets()
describe_dataset = DescribeDataset()
query_dataset = QueryDataset()
sample_rows = SampleRows()
export_dataset = ExportDataset()
filter_rows = FilterRows()
merge_datasets = MergeDatasets()
drop_columns = DropColumns()
rename_column = RenameColumn()
