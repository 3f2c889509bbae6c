"""Deal tools: the sales pipeline."""

from typing import Annotated, Literal, Optional

from langchain_core.runnables import RunnableConfig
from langchain_core.tools import InjectedToolArg, tool
from pydantic import Field

from ..models import Currency, DateRange, DealStage, Priority
from ..runtime import CrmSession, TenantId
from ..settings import AMOUNT_HELP, DEFAULT_CURRENCY, FORECAST_DESCRIPTION


@tool(parse_docstring=True)
def create_deal(
    title: str,
    account_id: str,
    amount: Annotated[float, Field(ge=0, description=AMOUNT_HELP)],
    tenant_id: TenantId,
    currency: Currency = DEFAULT_CURRENCY,
    stage: DealStage = DealStage.LEAD,
    expected_close: Optional[str] = None,
) -> dict:
    """Open a deal for an account.

    The deal is owned by the account's owner. Stages after "proposal" need an amount
    greater than zero.

    Args:
        title: A short name for the deal, shown in the pipeline board.
        account_id: The account the deal belongs to.
        amount: The deal's value.
        stage: The stage the deal starts in.
        expected_close: The expected closing date (YYYY-MM-DD), if known.
    """
    raise NotImplementedError


@tool
async def move_deal_stage(
    deal_id: str,
    stage: Literal["lead", "qualified", "proposal", "negotiation"],
    config: RunnableConfig,
    comment: str | None = None,
) -> dict:
    """Move an open deal to another stage of the pipeline.

    Won and lost deals are closed with close_deal instead.
    """
    raise NotImplementedError


@tool(description=FORECAST_DESCRIPTION)
def forecast_revenue(
    period: DateRange,
    currencies: list[Currency] | None = None,
    stages: Annotated[list[DealStage], "Stages to include; all open stages when empty"] = [],
) -> dict:
    raise NotImplementedError


@tool("close_deal", parse_docstring=True)
def close_deal(
    deal_id: str,
    won: bool,
    session: Annotated[CrmSession, InjectedToolArg()],
    priority: Priority = Priority.NORMAL,
    reason: Optional[str] = None,
) -> dict:
    """Close a deal as won or lost.

    Args:
        deal_id: The deal to close.
        won: True when the customer signed, False when the deal is lost.
        priority: How urgently the account team follows up.
        reason: Why the deal was lost; required by the sales team when won is False.
    """
    raise NotImplementedError
