"""Money on the road: module-level kernel functions the kernel adds to a plugin of their own."""

from typing import Annotated

from semantic_kernel.functions import kernel_function


@kernel_function(description="How much to tip on a bill.")
def tip(
    amount: Annotated[float, "The bill's total."],
    percent: Annotated[float, "The tip, in percent."] = 10.0,
) -> float:
    return amount * percent / 100


@kernel_function
def split_bill(amount: float, people: int, round_up: bool = True) -> float:
    """Split a bill between people."""
    return amount / people
