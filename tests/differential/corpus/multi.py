"""Tools with several parameters, cross-module types and the usual defaults."""

from __future__ import annotations

import typing as t
from typing import TYPE_CHECKING, Annotated, Optional

from pydantic import Field

import toolgen
from toolgen import tool as register

from . import shapes as s
from .shapes import Colour, Team, User

if TYPE_CHECKING:
    from .shapes import Box


@register
def create_user(
    name: str, age: int = 30, email: Optional[str] = None, colour: Colour = Colour.GREEN
) -> User:
    """Create a user."""


@register
def paint(boxes: list[Box], colour: s.Colour, coats: Annotated[int, Field(ge=1, le=3)] = 1) -> None:
    """Paint boxes."""


@toolgen.tool
async def reorganise(
    team: Team, keep: t.List[str], reason: t.Optional[str] = None, *, dry_run: bool = False
) -> None:
    """Reorganise a team."""


@register(name="rate_movie")
def rate(
    movie: s.Movie, stars: Annotated[float, Field(ge=0, le=5)], review: str | None = None
) -> s.Movie:
    """Rate a film."""


@register
def search(
    query: str,
    limit: int = 10,
    offset: int = 0,
    order: s.Mode = "fast",
    filters: s.Scores | None = None,
) -> list[str]:
    """Search."""


@register
def functional_forms(
    flavour: s.Flavour, size: s.Size, pet: s.Pet, sparse: s.Sparse, where: s.Coord
) -> None:
    """Types made by calls, not class statements."""
