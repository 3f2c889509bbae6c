"""What a traveler wants to know on the spot: weather, money, time, words."""

from typing import Annotated, Any, Literal

from semantic_kernel.functions.kernel_function_decorator import kernel_function

from concierge.constants import CITY
from concierge.models import Currency, DateRange, Priority


class WeatherPlugin:
    """Forecasts and alerts."""

    @kernel_function
    def forecast(self, city: Annotated[str, CITY], days: int = 3) -> str:
        """The weather forecast for a city."""
        return ""

    @kernel_function
    def alerts(self, region: str, priority: Priority = Priority.LOW) -> list[str]:
        """The weather alerts for a region, at or above a priority."""
        return []

    @kernel_function
    def climate(self, city: str, months: DateRange) -> dict:
        """The usual weather of a city between two months."""
        return {}


class CurrencyPlugin:
    @kernel_function(description="Convert an amount between two currencies.")
    def convert(self, amount: float, source: Currency, target: Currency) -> float:
        return amount

    @kernel_function
    def rates(self, base: Currency = Currency.EUR, symbols: list[Currency] | None = None) -> dict:
        """Today's exchange rates from a base currency."""
        return {}


class TimePlugin:
    """The time, as SK's own TimePlugin gives it."""

    @kernel_function(description="Get the current date and time in the local time zone")
    def now(self) -> str:
        return ""

    @kernel_function(description="Get the time in a city")
    def time_in(self, city: Annotated[str, CITY], format: Literal["12h", "24h"] = "24h") -> str:
        return ""

    @kernel_function(description="Get the days between two dates")
    def days_between(self, start: str, end: str, inclusive: bool = False) -> int:
        return 0


class MathPlugin:
    """Arithmetic, written as SK's own MathPlugin is."""

    @kernel_function(name="Add")
    def add(
        self,
        input: Annotated[int | str | float, "The first number to add"],
        amount: Annotated[int | str | float, "The second number to add"],
    ) -> Annotated[float, "The result"]:
        """Returns the Addition result of the values provided."""
        return float(input) + float(amount)

    @kernel_function(name="Subtract")
    def subtract(
        self,
        input: Annotated[int | float | str, "The number to subtract from"],
        amount: Annotated[int | float | str, "The number to subtract"],
    ) -> Annotated[float, "The result"]:
        """Returns the difference of numbers provided."""
        return float(input) - float(amount)


class TextPlugin:
    """Text helpers."""

    @kernel_function(description="Trim whitespace from the start and end of a string.")
    def trim(self, input: str) -> str:
        return input.strip()

    @kernel_function(description="Join two strings.")
    def concat(self, input: str, input2: str, separator: str = " ") -> str:
        return input + separator + input2

    @kernel_function
    def translate(self, text: str, language: str, context: Any = None) -> str:
        """Translate a text into a language."""
        return text


class DocsPlugin:
    """The travel documents a trip needs."""

    def __init__(self, index: str) -> None:
        self.index = index

    @kernel_function
    def search(self, query: str, country: str | None = None) -> list[str]:
        """Search the visa and entry rules."""
        return []

    @kernel_function
    def checklist(self, countries: list[str], nationality: str) -> list[str]:
        """The documents to carry to visit some countries."""
        return []
