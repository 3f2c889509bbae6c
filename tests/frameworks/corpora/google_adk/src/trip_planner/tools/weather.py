"""Weather tools."""

from trip_planner.config import FORECAST_DAYS
from trip_planner.schemas import Location, Units


def get_forecast(city: str, days: int = FORECAST_DAYS, units: Units = "metric") -> dict:
    """Gets the daily weather forecast for a city.

    Args:
        city: City name, optionally with its country ("Paris, FR").
        days: Number of days, starting today.
        units: Units of temperature and wind speed.
    """
    return {"city": city, "days": []}


def get_current_weather(location: Location) -> dict:
    """Gets the weather right now at a point on the map.

    Args:
        location: Where to look.
    """
    return {"temperature": 21.0}


def get_travel_advisory(country_code: str) -> dict:
    return {"country": country_code, "level": 1}
