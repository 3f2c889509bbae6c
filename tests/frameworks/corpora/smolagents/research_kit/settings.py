"""Limits and defaults of the research tools (``research_kit`` is a namespace package)."""

MAX_RESULTS = 8
DEFAULT_TIMEOUT = 20.0
DEFAULT_LANGUAGE = "en"
MAX_ROWS = 1_000
PREVIEW_ROWS = (0, 20)
USER_AGENT = "research-kit/0.9 (+https://example.org/bot)"
