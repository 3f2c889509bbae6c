"""Weather at the destination."""

import toolgen

from travel_tools.models import Units


@toolgen.tool
def get_forecast(city: str, days: int = 3, units: Units = "metric") -> str:
    """Get the weather forecast for a city.

    Parameters
    ----------
    city : str
        City name, for example "Paris".
    days : int
        Number of days to forecast, from today.
    units : str
        Measurement system of the answer.
    """
    degrees = "18 °C" if units == "metric" else "64 °F"
    return f"{city}: {degrees} and clear for the next {days} day(s)"
