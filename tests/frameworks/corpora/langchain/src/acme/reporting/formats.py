"""Report formats and columns (``acme.reporting`` is a namespace package: no ``__init__``)."""

import enum

DEFAULT_COLUMNS = ("account", "owner", "stage", "amount")
REPORT_ROW_LIMIT = 10_000
REGIONS = ["emea", "amer", "apac"]


class ReportFormat(enum.Enum):
    CSV = "csv"
    XLSX = "xlsx"
    PDF = "pdf"


class Region(str, enum.Enum):
    """A sales region."""

    EMEA = "emea"
    AMER = "amer"
    APAC = "apac"
