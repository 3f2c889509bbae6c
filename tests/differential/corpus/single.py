"""One tool per annotation, to compare with pydantic."""

import datetime
import uuid
from pathlib import Path
from typing import Annotated, Any, Dict, List, Literal, Mapping, Optional, Sequence, Tuple, Union

from pydantic import Field

from toolgen import tool

from .shapes import (
    Box,
    Colour,
    Crate,
    Ids,
    Level,
    Linked,
    Mode,
    Movie,
    Pair,
    Partial,
    Point,
    Scores,
    Sequel,
    Shape,
    Team,
    Tree,
    User,
)


@tool
def single_000(value: str) -> None:
    """Takes str."""


@tool
def single_001(value: int) -> None:
    """Takes int."""


@tool
def single_002(value: float) -> None:
    """Takes float."""


@tool
def single_003(value: bool) -> None:
    """Takes bool."""


@tool
def single_004(value: str = "x") -> None:
    """Takes str."""


@tool
def single_005(value: int = 3) -> None:
    """Takes int."""


@tool
def single_006(value: float = 2.5) -> None:
    """Takes float."""


@tool
def single_007(value: bool = True) -> None:
    """Takes bool."""


@tool
def single_008(value: None = None) -> None:
    """Takes None."""


@tool
def single_009(value: list[int]) -> None:
    """Takes list[int]."""


@tool
def single_010(value: List[str]) -> None:
    """Takes List[str]."""


@tool
def single_011(value: list[list[int]]) -> None:
    """Takes list[list[int]]."""


@tool
def single_012(value: Sequence[float]) -> None:
    """Takes Sequence[float]."""


@tool
def single_013(value: set[str]) -> None:
    """Takes set[str]."""


@tool
def single_014(value: frozenset[int]) -> None:
    """Takes frozenset[int]."""


@tool
def single_015(value: tuple[int, str]) -> None:
    """Takes tuple[int, str]."""


@tool
def single_016(value: tuple[int, ...]) -> None:
    """Takes tuple[int, ...]."""


@tool
def single_017(value: Tuple[float, float, float]) -> None:
    """Takes Tuple[float, float, float]."""


@tool
def single_018(value: dict[str, int]) -> None:
    """Takes dict[str, int]."""


@tool
def single_019(value: Dict[str, list[str]]) -> None:
    """Takes Dict[str, list[str]]."""


@tool
def single_020(value: Mapping[str, float]) -> None:
    """Takes Mapping[str, float]."""


@tool
def single_021(value: dict[str, Any]) -> None:
    """Takes dict[str, Any]."""


@tool
def single_022(value: dict) -> None:
    """Takes dict."""


@tool
def single_023(value: list) -> None:
    """Takes list."""


@tool
def single_024(value: Any) -> None:
    """Takes Any."""


@tool
def single_025(value: Literal["a", "b"]) -> None:
    """Takes Literal[a, b]."""


@tool
def single_026(value: Literal["only"]) -> None:
    """Takes Literal[only]."""


@tool
def single_027(value: Literal[1, 2, 3]) -> None:
    """Takes Literal[1, 2, 3]."""


@tool
def single_028(value: Literal[True]) -> None:
    """Takes Literal[True]."""


@tool
def single_029(value: Literal["a", 1]) -> None:
    """Takes Literal[a, 1]."""


@tool
def single_030(value: Union[int, str]) -> None:
    """Takes Union[int, str]."""


@tool
def single_031(value: int | str) -> None:
    """Takes int | str."""


@tool
def single_032(value: Union[int, str, float]) -> None:
    """Takes Union[int, str, float]."""


@tool
def single_033(value: list[int | str]) -> None:
    """Takes list[int | str]."""


@tool
def single_034(value: list[Optional[int]]) -> None:
    """Takes list[Optional[int]]."""


@tool
def single_035(value: dict[str, int | None]) -> None:
    """Takes dict[str, int | None]."""


@tool
def single_036(value: datetime.datetime) -> None:
    """Takes datetime.datetime."""


@tool
def single_037(value: datetime.date) -> None:
    """Takes datetime.date."""


@tool
def single_038(value: datetime.time) -> None:
    """Takes datetime.time."""


@tool
def single_039(value: datetime.timedelta) -> None:
    """Takes datetime.timedelta."""


@tool
def single_040(value: uuid.UUID) -> None:
    """Takes uuid.UUID."""


@tool
def single_041(value: Path) -> None:
    """Takes Path."""


@tool
def single_042(value: bytes) -> None:
    """Takes bytes."""


@tool
def single_043(value: Colour) -> None:
    """Takes Colour."""


@tool
def single_044(value: Colour = Colour.GREEN) -> None:
    """Takes Colour."""


@tool
def single_045(value: Level) -> None:
    """Takes Level."""


@tool
def single_046(value: Level = Level.HIGH) -> None:
    """Takes Level."""


@tool
def single_047(value: Shape) -> None:
    """Takes Shape."""


@tool
def single_048(value: Point) -> None:
    """Takes Point."""


@tool
def single_049(value: Pair) -> None:
    """Takes Pair."""


@tool
def single_050(value: Movie) -> None:
    """Takes Movie."""


@tool
def single_051(value: Partial) -> None:
    """Takes Partial."""


@tool
def single_052(value: Sequel) -> None:
    """Takes Sequel."""


@tool
def single_053(value: Box) -> None:
    """Takes Box."""


@tool
def single_054(value: Crate) -> None:
    """Takes Crate."""


@tool
def single_055(value: User) -> None:
    """Takes User."""


@tool
def single_056(value: Tree) -> None:
    """Takes Tree."""


@tool
def single_057(value: Team) -> None:
    """Takes Team."""


@tool
def single_058(value: Linked) -> None:
    """Takes Linked."""


@tool
def single_059(value: list[User]) -> None:
    """Takes list[User]."""


@tool
def single_060(value: dict[str, Box]) -> None:
    """Takes dict[str, Box]."""


@tool
def single_061(value: Ids) -> None:
    """Takes Ids."""


@tool
def single_062(value: Scores) -> None:
    """Takes Scores."""


@tool
def single_063(value: Mode) -> None:
    """Takes Mode."""


@tool
def single_064(value: Mode = "slow") -> None:
    """Takes Mode."""


@tool
def single_065(value: Annotated[int, Field(ge=1, le=10)]) -> None:
    """Takes Annotated[int, Field(ge=1, le=10)]."""


@tool
def single_066(value: Annotated[float, Field(gt=0, lt=1)]) -> None:
    """Takes Annotated[float, Field(gt=0, lt=1)]."""


@tool
def single_067(value: Annotated[int, Field(multiple_of=5)]) -> None:
    """Takes Annotated[int, Field(multiple_of=5)]."""


@tool
def single_068(
    value: Annotated[str, Field(min_length=2, max_length=5, pattern="^[a-z]+$")],
) -> None:
    """Takes Annotated[str, Field(min_length=2, max_length=5, pattern=^[a-z]+$)]."""


@tool
def single_069(value: Annotated[list[int], Field(min_length=1, max_length=3)]) -> None:
    """Takes Annotated[list[int], Field(min_length=1, max_length=3)]."""


@tool
def single_070(value: Annotated[str, Field(description="Described")]) -> None:
    """Takes Annotated[str, Field(description=Described)]."""


@tool
def single_071(value: Annotated[int, Field(ge=0)] = 7) -> None:
    """Takes Annotated[int, Field(ge=0)]."""


@tool
def single_072(value: list[Colour]) -> None:
    """Takes list[Colour]."""


@tool
def single_073(value: dict[str, Level]) -> None:
    """Takes dict[str, Level]."""


@tool
def single_074(value: tuple[Colour, Level]) -> None:
    """Takes tuple[Colour, Level]."""


@tool
def single_075(value: list[tuple[int, int]]) -> None:
    """Takes list[tuple[int, int]]."""


@tool
def single_076(value: Optional[list[int]]) -> None:
    """Takes Optional[list[int]]."""


@tool
def single_077(value: str = Field(default="d", description="With Field default")) -> None:
    """Takes str."""


@tool
def single_078(value: int = Field(default=4, ge=0)) -> None:
    """Takes int."""


@tool
def single_079(value: list[str] = []) -> None:
    """Takes list[str]."""


@tool
def single_080(value: list[int] = [1, 2]) -> None:
    """Takes list[int]."""


@tool
def single_081(value: dict[str, int] = {"a": 1}) -> None:
    """Takes dict[str, int]."""


@tool
def single_082(value: tuple[int, int] = (1, 2)) -> None:
    """Takes tuple[int, int]."""


@tool
def single_083(value: Literal["x", "y"] = "y") -> None:
    """Takes Literal[x, y]."""


@tool
def single_084(value: set[Colour]) -> None:
    """Takes set[Colour]."""
