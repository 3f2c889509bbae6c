"""Catalogue tools: plain functions, as DSPy's ReAct takes them."""

from typing import Annotated, Any, Optional

from pydantic import Field

from shopbot.constants import PAGE_SIZE
from shopbot.models import PriceFilter


def search_products(query: str, page: int = 1, page_size: int = PAGE_SIZE) -> list[dict[str, Any]]:
    """Search the catalogue for products matching a query.

    Args:
        query: Words to look for in names and descriptions.
        page: Which page of results.
    """
    return []


def product_details(sku: Annotated[str, Field(description="The product's SKU.")]) -> dict[str, Any]:
    """Everything the shop knows about one product."""
    return {}


def check_stock(sku: str, warehouse: Optional[str] = None) -> int:
    """How many of a product are in stock, in one warehouse or in all."""
    return 0


def filter_by_price(category: str, bounds: PriceFilter) -> list[str]:
    """Products of a category within a price range."""
    return []


def compare(skus: list[str], aspects: Annotated[list[str], "ignored by pydantic"] = []) -> str:
    """Compare products side by side."""
    return ""


def lookup(term):
    """Look a term up in the shop's glossary."""
    return ""
