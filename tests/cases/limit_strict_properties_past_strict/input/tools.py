from typing import TypedDict

from toolgen import tool


class A(TypedDict):
    a0: int
    a1: int
    a2: int
    a3: int
    a4: int
    a5: int
    a6: int
    a7: int
    a8: int
    a9: int
    a10: int
    a11: int
    a12: int
    a13: int
    a14: int
    a15: int
    a16: int
    a17: int
    a18: int
    a19: int
    a20: int
    a21: int
    a22: int
    a23: int
    a24: int
    a25: int
    a26: int
    a27: int
    a28: int
    a29: int
    a30: int
    a31: int
    a32: int
    a33: int
    a34: int
    a35: int
    a36: int
    a37: int
    a38: int
    a39: int
    a40: int
    a41: int
    a42: int
    a43: int
    a44: int
    a45: int
    a46: int
    a47: int
    a48: int
    a49: int


class B(TypedDict):
    b0: A
    b1: A
    b2: A
    b3: A
    b4: A
    b5: A
    b6: A
    b7: A
    b8: A
    b9: A
    b10: A
    b11: A
    b12: A
    b13: A
    b14: A
    b15: A
    b16: A
    b17: A
    b18: A
    b19: A
    b20: A
    b21: A
    b22: A
    b23: A
    b24: A
    b25: A
    b26: A
    b27: A
    b28: A
    b29: A
    b30: A
    b31: A
    b32: A
    b33: A
    b34: A
    b35: A
    b36: A
    b37: A
    b38: A
    b39: A
    b40: A
    b41: A
    b42: A
    b43: A
    b44: A
    b45: A
    b46: A
    b47: A
    b48: A


@tool
def wide(one: B, two: B, three: int) -> None:
    """Many properties."""
