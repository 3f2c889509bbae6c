from typing import TypedDict

from toolgen import tool


class L10(TypedDict):
    leaf: int


class L9(TypedDict):
    down: L10


class L8(TypedDict):
    down: L9


class L7(TypedDict):
    down: L8


class L6(TypedDict):
    down: L7


class L5(TypedDict):
    down: L6


class L4(TypedDict):
    down: L5


class L3(TypedDict):
    down: L4


class L2(TypedDict):
    down: L3


class L1(TypedDict):
    down: L2


@tool
def deep(top: L1) -> None:
    """Nested."""
