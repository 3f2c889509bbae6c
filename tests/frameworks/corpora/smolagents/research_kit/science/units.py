"""Arithmetic, units and plots."""

import datetime
from typing import Any, Literal

from smolagents import tool

from research_kit.kinds import ChartKind


@tool
def convert_units(value: float, from_unit: str, to_unit: str) -> float:
    """Convert a quantity between units of the same dimension.

    Args:
        value: The quantity to convert.
        from_unit: The unit of the value (choices: ["m", "km", "mi", "ft", "kg", "lb"])
        to_unit: The unit to convert to (choices: ["m", "km", "mi", "ft", "kg", "lb"])
    """
    raise NotImplementedError


@tool
def calculate(expression: str, precision: int = 6) -> float:
    """Evaluate an arithmetic expression safely.

    Supports + - * / ** and parentheses, and the functions sqrt, log, exp, sin and cos.

    Args:
        expression: The expression, for example "sqrt(2) * 3".
        precision: Digits after the decimal point in the result.
    """
    raise NotImplementedError


@tool
def get_current_date() -> str:
    """Return today's date in ISO format (YYYY-MM-DD)."""
    return datetime.date.today().isoformat()


@tool
def plot_series(values: list[float], kind: ChartKind, title: str) -> str:
    """Plot a series of numbers and save the chart as a PNG file.

    Args:
        values: The y values, in order.
        kind: The kind of chart.
        title: The chart's title.

    Returns:
        The path of the saved file.
    """
    raise NotImplementedError


@tool
def fit_curve(
    x: list[float],
    y: list[float],
    model: Literal["linear", "quadratic", "exponential"],
    initial_guess: Any = None,
) -> dict:
    """Fit a curve to points by least squares.

    Args:
        x: The x coordinates.
        y: The y coordinates, as many as x.
        model: The curve's family.
        initial_guess: Starting parameters: a list of numbers, or a mapping of parameter name to number.
    """
    raise NotImplementedError
