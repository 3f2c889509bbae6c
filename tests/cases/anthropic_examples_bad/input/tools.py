from typing import Literal

from toolgen import tool


@tool(examples=[{"city": "Oslo"}, {"unit": "kelvin"}, {"city": "Rome", "days": "two"}])
def forecast(city: str, unit: Literal["celsius", "fahrenheit"] = "celsius", days: int = 1) -> str:
    """The weather for the coming days."""


@tool(examples={"city": "Oslo"})
def not_a_list(city: str) -> str:
    """One city."""


@tool(defer_loading="yes")
def deferred(city: str) -> str:
    """Deferred, misspelt."""
