"""Parameter types with constraints and descriptions, reused across tools."""

from typing import Annotated, Literal

from pydantic import Field

from oncall.settings import DEFAULT_LIMIT

IncidentId = Annotated[str, Field(pattern=r"^INC-\d+$", description="Incident key, e.g. INC-2291.")]
PageId = Annotated[
    str, Field(min_length=8, description="Pager alert id from the page notification.")
]
PromQL = Annotated[str, Field(min_length=1, max_length=4000)]
TimeWindow = Literal["15m", "1h", "6h", "24h", "7d"]

LIMIT = Field(default=DEFAULT_LIMIT, ge=1, le=200, description="Maximum number of results.")
MONTH = Field(pattern=r"^\d{4}-\d{2}$", description="Billing month as YYYY-MM.")
