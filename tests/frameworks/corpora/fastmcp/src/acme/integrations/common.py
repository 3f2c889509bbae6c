"""Shared by Acme's integrations (a namespace package several distributions add to)."""

from typing import Literal

from pydantic import Field

KB_NAME = "Acme Help Center"
KB_TOP_K = 5

Locale = Literal["en", "de", "fr", "ja"]

QUERY = Field(description="A question in natural language, or keywords.", min_length=2)
