"""Types the corpus tools share (imported across modules, aliased, re-exported)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Literal, NamedTuple, Optional

from pydantic import BaseModel, Field
from typing_extensions import NotRequired, Required, TypedDict


class Colour(str, enum.Enum):
    """A colour."""

    RED = "red"
    GREEN = "green"


class Level(enum.IntEnum):
    LOW = 1
    MID = 5
    HIGH = 9


class Shape(enum.Enum):
    CIRCLE = "circle"
    SQUARE = "square"


class Point(NamedTuple):
    x: float
    y: float


class Pair(NamedTuple):
    left: int
    right: str = "r"


class Movie(TypedDict):
    """A film."""

    title: str
    year: int
    rating: NotRequired[float]


class Partial(TypedDict, total=False):
    name: Required[str]
    nick: str
    tags: list[str]


class Sequel(Movie):
    previous: Movie


@dataclass
class Box:
    """A box."""

    width: float
    height: float = 1.0
    label: Optional[str] = None
    items: list[str] = field(default_factory=list)


@dataclass
class Crate:
    boxes: list[Box]
    owner: str = "me"


class User(BaseModel):
    """A user."""

    name: str = Field(description="Full name", min_length=1, max_length=80)
    age: int = Field(ge=0, le=150, default=30)
    email: Optional[str] = None
    colour: Colour = Colour.RED


class Tree(BaseModel):
    value: int
    children: list[Tree] = []


class Team(BaseModel):
    lead: User
    members: list[User] = []
    tags: dict[str, int] = {}
    level: Level = Level.MID


class Linked(BaseModel):
    value: str
    next: Optional[Linked] = None


Ids = list[int]
Scores = dict[str, float]
Mode = Literal["fast", "slow"]


# The functional forms of the same constructs.
Flavour = enum.Enum("Flavour", ["SWEET", "SOUR"])
Size = enum.Enum("Size", {"SMALL": "s", "LARGE": "l"})
Pet = TypedDict("Pet", {"name": str, "legs": int})
Sparse = TypedDict("Sparse", {"a": int, "b": str}, total=False)
Coord = NamedTuple("Coord", [("lat", float), ("lon", float)])
