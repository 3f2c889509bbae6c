"""Billing plugin (``opsbot_plugins`` is a namespace package: plugins are dropped in by other
distributions)."""

from __future__ import annotations

from typing import Literal

from strands import tool
from typing_extensions import NotRequired, TypedDict

from opsbot.constants import DEFAULT_CURRENCY

GroupBy = Literal["service", "team", "environment"]


class BudgetAlarm(TypedDict):
    """A monthly budget and who is told when it is exceeded."""

    name: str
    monthly_limit: float
    notify: list[str]
    threshold_percent: NotRequired[int]


@tool
def get_cost_report(
    month: str, group_by: GroupBy = "service", currency: str = DEFAULT_CURRENCY
) -> dict:
    """Report the cloud costs of a month.

    Costs are amortized: reserved capacity is spread over its term.

    Args:
        month: The month, as YYYY-MM.
        group_by: How costs are grouped.
        currency: The currency amounts are converted to.
    """
    raise NotImplementedError


@tool
def set_budget_alarm(alarm: BudgetAlarm, replace: bool = False) -> str:
    """Create or update a budget alarm.

    Arguments:
        alarm: The budget and its recipients.
        replace: Replace an alarm of the same name instead of failing.
    """
    raise NotImplementedError


@tool
def get_current_region() -> str:
    return "eu-west-1"
