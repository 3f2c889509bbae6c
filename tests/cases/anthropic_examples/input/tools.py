from typing import Literal

from toolgen import tool

PARIS = {"city": "Paris"}


@tool(examples=[PARIS, {"city": "Oslo", "unit": "celsius", "days": 3}])
def forecast(city: str, unit: Literal["celsius", "fahrenheit"] = "celsius", days: int = 1) -> str:
    """The weather for the coming days.

    Args:
        city: City name.
        unit: Temperature unit.
        days: How many days, from today.
    """
