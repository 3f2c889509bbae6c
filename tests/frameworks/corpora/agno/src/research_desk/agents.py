"""Agents built from plain functions (agno's cookbook style), an ``@tool`` function and toolkits."""

from typing import Literal, Optional

from agno.agent import Agent
from agno.tools import tool

from research_desk.toolkits.calculator import CalculatorTools
from research_desk.toolkits.web import DuckSearchTools


def get_weather(city: str, unit: Literal["celsius", "fahrenheit"] = "celsius") -> str:
    """Get the current weather for a city.

    Args:
        city (str): The city's name.
        unit: The temperature unit.
    """
    return city


def convert_currency(amount: float, source: str, target: str, agent: Optional[Agent] = None) -> str:
    """Convert an amount between currencies.

    Uses the day's reference rates.

    Args:
        amount: How much to convert.
        source: ISO code of the currency converted from.
        target: ISO code of the currency converted to.
    """
    return f"{amount} {source} in {target}"


@tool(name="lookup_order", description="Find an order by its number and return its status.")
def find_order(order_id: int, include_items: bool = False) -> str:
    return str(order_id)


def search_intranet(query: str) -> str:
    """Search the company intranet.

    Args:
        query: The words to look for.
    """
    return query


support_agent = Agent(
    name="support",
    tools=[get_weather, convert_currency, find_order, CalculatorTools()],
)
intranet_agent = Agent(name="intranet", tools=[search_intranet, DuckSearchTools()])
