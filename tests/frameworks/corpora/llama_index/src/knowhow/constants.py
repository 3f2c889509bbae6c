"""Limits and names shared by the specs."""

DEFAULT_LANGUAGE = "en"
MAX_RESULTS = 10
PAPER_FUNCTIONS = ["search", "fetch_abstract", "list_authors"]
