"""Argument models the tools take."""

from typing import Literal, Optional

from pydantic import BaseModel, Field


class Address(BaseModel):
    """A postal address."""

    street: str
    city: str
    postcode: str = Field(description="Postal code, as the country writes it.")
    country: str = Field("DE", description="ISO 3166 country code.")


class LineItem(BaseModel):
    """One product in an order."""

    sku: str = Field(description="The product's stock-keeping unit.")
    quantity: int = 1
    gift_wrap: Optional[bool] = None


class PriceFilter(BaseModel):
    """Bounds on a price."""

    low: float = 0.0
    high: Optional[float] = None
    sort: Literal["asc", "desc"] = "asc"
