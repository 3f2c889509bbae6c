"""Billing tools: invoices, refunds and plans."""

from __future__ import annotations

from typing import Annotated, Literal, Optional

from autogen_core import CancellationToken

from deskops.schemas import LineItem

Currency = Literal["EUR", "USD", "GBP"]


async def find_invoice(
    customer_id: Annotated[str, "The billing account's id, like 'cus_123'."],
    number: Annotated[Optional[str], "The invoice number, when the customer gave one."] = None,
) -> dict[str, str]:
    """Find a customer's invoice."""
    return {}


async def refund_invoice(
    invoice_id: str,
    amount: Annotated[Optional[float], "How much to refund; none: all of it."] = None,
    reason: Literal["duplicate", "fraudulent", "requested_by_customer"] = "requested_by_customer",
    cancellation_token: CancellationToken | None = None,
) -> str:
    return "re_1"


def create_invoice(
    customer_id: str,
    items: Annotated[list[LineItem], "What is billed, one line each."],
    currency: Currency = "EUR",
    due_days: int = 30,
) -> str:
    """Draft an invoice for a customer."""
    return "in_1"


def change_plan(
    customer_id: str,
    plan: Literal["free", "team", "business", "enterprise"],
    prorate: Annotated[bool, "Charge or credit the difference now."] = True,
) -> str:
    """Move a customer to another plan."""
    return plan


def usage_report(
    customer_id: str,
    month: Annotated[str, "The month, as YYYY-MM."],
    metrics: list[str] = ["seats", "storage"],
) -> dict[str, float]:
    """Report a customer's metered usage for a month."""
    return {}


def apply_credit(customer_id: str, cents: int, note: str = "") -> int:
    """Apply an account credit, in cents."""
    return cents
