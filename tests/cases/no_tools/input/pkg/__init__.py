"""A package with no tools."""


def helper(x: int) -> int:
    return x
