"""Refunds, credit and invoices."""

from __future__ import annotations

from agents import RunContextWrapper, function_tool
from agents.tool_context import ToolContext
from pydantic import Field

from support_desk import settings
from support_desk.context import SupportContext
from support_desk.fields import INTERNAL_NOTE, Locale, OrderId
from support_desk.models import Currency, DateRange, RefundRequest
from support_desk.settings import DEFAULT_CURRENCY, DEFAULT_LOCALE, Texts


@function_tool(description_override=Texts.REFUND)
async def request_refund(ctx: ToolContext[SupportContext], request: RefundRequest) -> str:
    """Create a refund request (the description shown to the model is Texts.REFUND)."""
    return f"refund requested by {ctx.tool_name}"


@function_tool(name_override="issue_store_credit", description_override=settings.Texts.STORE_CREDIT)
def issue_store_credit(
    ctx: RunContextWrapper[SupportContext],
    amount: float = Field(gt=0, le=500, description="Credit to give, in the currency below."),
    currency: Currency = DEFAULT_CURRENCY,
    reason: str = INTERNAL_NOTE,
) -> str:
    """Issue store credit.

    Args:
        amount: How much credit to give.
        currency: The currency of the amount.
    """
    return "ok"


@function_tool
def get_invoice_link(order_id: OrderId, *, language: Locale = DEFAULT_LOCALE) -> str:
    """Get a download link for an order's invoice.

    The link is valid for 24 hours.

    :param order_id: The order whose invoice to fetch.
    :param language: Language of the invoice.
    :returns: An HTTPS link to a PDF.
    """
    return f"https://invoices.example/{order_id}?lang={language}"


@function_tool(docstring_style="numpy")
async def explain_charges(
    ctx: RunContextWrapper[SupportContext],
    period: DateRange,
    categories: list[str] | None = None,
    include_refunds: bool = True,
) -> str:
    """Explain the charges on the customer's card over a period.

    Groups the card payments, refunds and store credit of the period so that
    the agent can walk the customer through them.

    Parameters
    ----------
    period : DateRange
        The days to look at, both ends included.
    categories : list of str, optional
        Product categories to keep; all categories when omitted.
    include_refunds : bool
        Whether refunds are listed too.

    Returns
    -------
    str
        A plain-text statement.
    """
    return ""
