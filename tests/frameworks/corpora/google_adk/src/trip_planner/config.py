"""Settings of the trip planner."""

MODEL = "gemini-2.5-flash"

MAX_RESULTS = 10
DEFAULT_COUNTRY = "US"
FORECAST_DAYS = 5
DEFAULT_GUESTS = 2
DAILY_SPEND = 120.0

STATE_FAVORITES = "user:favorite_hotels"
STATE_ITINERARY = "itinerary"
