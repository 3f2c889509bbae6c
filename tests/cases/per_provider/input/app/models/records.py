from __future__ import annotations

from typing import TypeAlias

from typing_extensions import NotRequired, TypedDict

from app.models.enums import Priority

Tags: TypeAlias = "list[str]"


class Ticket(TypedDict):
    """A support ticket."""

    title: str
    priority: Priority
    tags: NotRequired[Tags]
    parent: NotRequired[Ticket]
