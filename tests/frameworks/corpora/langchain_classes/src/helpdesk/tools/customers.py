"""Customer tools: a class family and tools made by calls from plain functions."""

from typing import Annotated, Any

from langchain_core.tools import BaseTool, StructuredTool, Tool
from pydantic import Field

from helpdesk.constants import MAX_RESULTS, PREFIX
from helpdesk.schemas import CustomerLookup
from helpdesk.tools.base import ReadOnlyTool


class FindCustomer(ReadOnlyTool):
    name: str = "find_customer"
    args_schema: type = CustomerLookup

    def _run(self, email: str | None = None, customer_id: int | None = None) -> dict[str, Any]:
        return {}


class CustomerStats(BaseTool):
    name: str = "customer_stats"
    description: str = "Tickets opened and answered for one customer."

    def _run(self, customer_id: int, days: int = 30) -> dict[str, int]:
        return {}


def list_customers(
    country: Annotated[str, "ISO country code, for example DE."],
    active_only: bool = True,
    limit: Annotated[int, Field(ge=1, le=MAX_RESULTS)] = 10,
) -> list[str]:
    """List the customers of one country."""
    return []


def export_customers(segment: str, fmt: str = "csv") -> str:
    """Export a customer segment.

    Args:
        segment: The segment's name.
        fmt: csv or json.
    """
    return ""


def merge_customers(keep: int, drop: int) -> int:
    """Merge two customer records."""
    return keep


def lookup_vat(number: str) -> str:
    """Check a VAT number."""
    return number


def ping(host: str) -> str:
    """Is the mail gateway up?"""
    return host


find_customer = FindCustomer()
customer_stats = CustomerStats()
list_customers_tool = StructuredTool.from_function(list_customers)
export_tool = StructuredTool.from_function(
    export_customers, name=PREFIX + "export_customers", parse_docstring=True
)
merge_tool = StructuredTool.from_function(
    func=merge_customers, description="Merge two customer records into the first."
)
vat_tool = Tool(name="lookup_vat", func=lookup_vat, description="Check a European VAT number.")
ping_tool = Tool("ping_gateway", ping, "Check that the mail gateway answers.")


class CustomerNotes(ReadOnlyTool):
    name: str = "customer_notes"
    description: str = "The notes agents left on a customer."

    def _run(
        self, customer_id: int, since: str | None = None, limit: int = MAX_RESULTS
    ) -> list[str]:
        return []


class BlockCustomer(BaseTool):
    name: str = "block_customer"
    description: str = "Stop a customer from opening tickets."

    def _run(self, customer_id: int, reason: Annotated[str, "Shown to agents."]) -> bool:
        return True


customer_notes = CustomerNotes()
block_customer = BlockCustomer()
