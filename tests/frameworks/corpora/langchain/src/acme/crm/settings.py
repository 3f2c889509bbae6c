"""Settings shared by the CRM tools: limits, defaults and wording reused in descriptions."""

from __future__ import annotations

PRODUCT = "Acme CRM"
API_VERSION = "v3"

DEFAULT_PAGE_SIZE = 25
MAX_PAGE_SIZE = 200
MAX_MERGE = 5

DEFAULT_CURRENCY = "EUR"
SUPPORTED_CURRENCIES = ("EUR", "USD", "GBP")

DEFAULT_TIMEZONE = "Europe/Berlin"
DEFAULT_MEETING_MINUTES = 30

SEARCH_SYNTAX = 'Free text; "quoted phrases" match exactly and field:value filters are allowed.'
AMOUNT_HELP = "Deal amount in " + DEFAULT_CURRENCY + " unless a currency is given"

FORECAST_DESCRIPTION = (
    f"Forecast the revenue of the open pipeline in {PRODUCT}, "
    "weighted by each stage's win probability. "
    f"Amounts are converted to {DEFAULT_CURRENCY}."
)
