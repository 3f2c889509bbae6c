"""Cost reports, forecasts and budget alerts."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Annotated

from pydantic import Field

from acme.cloudops_mcp.constants import DEFAULT_FORECAST_MONTHS, TOOL_PREFIX
from acme.cloudops_mcp.models import CostDimension, Currency, Granularity
from acme.cloudops_mcp.resolvers import CurrentAccount
from acme.cloudops_mcp.server import app

_COST_REPORT_DESCRIPTION = (
    "Costs for the current account between two dates, optionally grouped by service, "
    "region or tag. Amounts are in the account's billing currency."
)


@app.tool(TOOL_PREFIX + "cost_report", description=_COST_REPORT_DESCRIPTION)
async def get_cost_report(
    start: date,
    end: date,
    account: CurrentAccount,
    granularity: Granularity = "DAILY",
    group_by: list[CostDimension] | None = None,
) -> dict:
    return {"account": account, "total": "0.00"}


@app.tool(TOOL_PREFIX + "set_budget_alert", "Set budget alert")
async def set_budget_alert(
    amount: Annotated[
        Decimal, Field(gt=0, description="Monthly budget; an alert fires at 80% and 100%.")
    ],
    account: CurrentAccount,
    currency: Currency = Currency.EUR,
    recipients: list[str] = Field(default_factory=list, description="E-mail addresses to notify."),
) -> str:
    """Create or replace the monthly budget alert of the current account.

    Args:
        amount: The budget.
        currency: Currency of ``amount``.
        recipients: Who gets the alert e-mails.
    """
    return "ok"


@app.tool(name="forecast_costs")
@app.tool(name="billing_forecast")
async def forecast_costs(
    months: int = DEFAULT_FORECAST_MONTHS, include_credits: bool = True
) -> list[dict]:
    """Forecast the next months' costs from the last twelve months' trend.

    Args:
        months: How many months ahead to forecast (1-12).
        include_credits: Subtract credits and discounts from the forecast.
    """
    return []
