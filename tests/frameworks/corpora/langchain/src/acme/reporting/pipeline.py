"""Pipeline reports."""

from __future__ import annotations

from typing import Annotated, Literal

from langchain_core import tools
from langchain_core.tools import tool as lc_tool
from pydantic import Field

from acme.crm.runtime import TenantId
from acme.crm.settings import DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PRODUCT

from .formats import DEFAULT_COLUMNS, REPORT_ROW_LIMIT, Region, ReportFormat


@tools.tool
def pipeline_summary() -> dict:
    """Summarize the pipeline: open deals, their value and the win rate of the quarter."""
    raise NotImplementedError


@lc_tool(parse_docstring=True)
def export_report(
    report: Literal["pipeline", "activities", "forecast"],
    tenant_id: TenantId,
    fmt: ReportFormat = ReportFormat.CSV,
    columns: tuple[str, ...] = DEFAULT_COLUMNS,
    row_limit: Annotated[int, Field(gt=0, le=REPORT_ROW_LIMIT)] = REPORT_ROW_LIMIT,
) -> str:
    """Export a report and return a download link.

    Args:
        report: Which report to export.
        fmt: The file format.
        columns: The columns, in order.
        row_limit: At most this many rows are exported.
    """
    raise NotImplementedError


@lc_tool("top_accounts", description=f"The largest accounts in {PRODUCT} by open pipeline value.")
async def top_accounts(
    tenant_id: TenantId,
    limit: Annotated[
        int, Field(description=f"How many accounts, at most {MAX_PAGE_SIZE}.", le=MAX_PAGE_SIZE)
    ] = DEFAULT_PAGE_SIZE,
    region: Region | None = None,
    sort: Literal["value", "deals", "growth"] = "value",
) -> list[dict]:
    raise NotImplementedError


@lc_tool(parse_docstring=True, error_on_invalid_docstring=False)
def churn_risk(account_ids: list[str], threshold: float = 0.5) -> list[dict]:
    """Score the churn risk of accounts from their recent activity and support tickets.
    Accounts scoring above the threshold are flagged for their owner.
    """
    raise NotImplementedError
