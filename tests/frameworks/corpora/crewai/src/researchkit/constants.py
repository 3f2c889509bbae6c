"""Names, limits and texts the research tools share."""

BRAND = "Acme"
MAX_RESULTS = 25
DEFAULT_COUNTRY = "us"
SEARCH_DESCRIPTION = "A tool that can be used to search the internet with a search query."
READ_ONLY_NOTE = " It never changes anything."
