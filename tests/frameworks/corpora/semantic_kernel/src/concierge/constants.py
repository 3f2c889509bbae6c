"""Names and texts the plugins share."""

FLIGHTS = "flights"
HOTELS = "hotels"
CITY = "The city, for example 'Lisbon'."
DATE = "The date, as YYYY-MM-DD."
HIDDEN = {"include_in_function_choices": False}
SEARCH_FLIGHTS = "Search the flights between two airports on a date."
