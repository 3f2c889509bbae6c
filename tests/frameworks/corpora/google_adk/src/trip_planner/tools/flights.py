"""Flight search tools."""

from typing import Optional

from google.adk.tools import ToolContext

from travel_common.codes import DEFAULT_CURRENCY, Currency, IataCode, IsoDate
from trip_planner.config import DEFAULT_COUNTRY, MAX_RESULTS
from trip_planner.schemas import CabinClass


def _fake_flights(origin: str, destination: str, count: int) -> list[dict]:
    return [{"id": f"{origin}{destination}{i}", "price": 100 + i} for i in range(count)]


def search_flights(
    origin: IataCode,
    destination: IataCode,
    depart_on: IsoDate,
    tool_context: ToolContext,
    return_on: Optional[str] = None,
    cabin: CabinClass = CabinClass.ECONOMY,
    max_results: int = MAX_RESULTS,
) -> dict:
    """Searches for flights between two airports.

    Results are cached in the session, so asking again for the same route and
    dates is free.

    Args:
        origin: Departure airport.
        destination: Arrival airport.
        depart_on: Day of departure.
        return_on: Day of the return flight, YYYY-MM-DD; one way when omitted.
        cabin: Cabin class.
        max_results: The most flights to return.

    Returns:
        A dict with a "status" key and a "flights" list, cheapest first.
    """
    flights = _fake_flights(origin, destination, max_results)
    tool_context.state["last_flight_search"] = [f["id"] for f in flights]
    return {"status": "success", "flights": flights}


def get_flight_status(flight_number: str, date: str) -> dict:
    """Gets the live status of a flight.

    Args:
        flight_number: Carrier code and number, for example LH454.
        date: Scheduled departure date, YYYY-MM-DD.

    Returns:
        The status ("scheduled", "delayed", "departed", "landed" or "cancelled")
        and the gate, when known.
    """
    return {"status": "scheduled", "flight": flight_number, "date": date}


def list_airports(city: str, country_code: str = DEFAULT_COUNTRY) -> list[dict]:
    """Lists the airports serving a city.

    Args:
        city: City name in English.
        country_code: ISO 3166 alpha-2 code of the city's country.
    """
    return [{"iata": city[:3].upper(), "country": country_code}]


async def compare_fares(flight_ids: list[str], currency: Currency = DEFAULT_CURRENCY) -> dict:
    """Compares the fares of several flights side by side.

    Args:
        flight_ids: Ids from an earlier search_flights result.
        currency: Currency to convert the fares to.
    """
    return {"currency": currency.value, "fares": {f: 0 for f in flight_ids}}
