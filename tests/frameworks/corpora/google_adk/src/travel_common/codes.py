"""Codes and annotated types for travel data (a namespace package shared by Acme's agents)."""

from enum import Enum
from typing import Annotated

from pydantic import Field


class Currency(str, Enum):
    EUR = "EUR"
    USD = "USD"
    GBP = "GBP"
    JPY = "JPY"


DEFAULT_CURRENCY = Currency.USD

IATA_CODE = Field(
    description="Three-letter IATA airport code, for example SFO.", pattern="^[A-Z]{3}$"
)
IsoDate = Annotated[str, Field(description="A date as YYYY-MM-DD.", pattern=r"^\d{4}-\d{2}-\d{2}$")]
IataCode = Annotated[str, IATA_CODE]
BookingRef = Annotated[
    str, Field(description="Six-character booking reference (PNR).", min_length=6, max_length=6)
]
