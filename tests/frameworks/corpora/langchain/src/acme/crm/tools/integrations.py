"""Integrations: webhooks and LLM summaries of accounts."""

from __future__ import annotations

from langchain_core.callbacks import Callbacks
from langchain_core.tools import tool

from acme.crm.runtime import TenantId


@tool(parse_docstring=True)
def register_webhook(
    url: str,
    events: list[str],
    callbacks: list[str],
    tenant_id: TenantId,
    secret: str | None = None,
) -> dict:
    """Register a webhook for CRM events.

    Args:
        url: The endpoint that receives the events.
        events: Event names, for example deal.won or contact.created.
        callbacks: Extra URLs notified when a delivery fails.
        secret: Shared secret used to sign each delivery.
    """
    raise NotImplementedError


@tool
async def summarize_account(
    account_id: str,
    max_words: int = 120,
    callbacks: Callbacks = None,
) -> str:
    """Summarize an account's recent activity with the summarization chain.

    The chain's runs are reported to the callbacks LangChain passes in.
    """
    raise NotImplementedError
