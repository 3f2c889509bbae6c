"""Names and input specs shared by the lab's tools."""

PREFIX = "lab_"

DATASET_INPUT = {
    "type": "string",
    "description": "Name of the dataset, as listed by lab_list_datasets.",
}
LIMIT_INPUT = {
    "type": "integer",
    "description": "Largest number of rows to return.",
    "nullable": True,
}
COLUMNS_INPUT = {
    "type": "array",
    "items": {"type": "string"},
    "description": "Columns to keep; all of them when left out.",
    "nullable": True,
}

QUERY_INPUTS = {
    "dataset": DATASET_INPUT,
    "sql": {"type": "string", "description": "A SELECT statement over the dataset."},
    "limit": LIMIT_INPUT,
}
