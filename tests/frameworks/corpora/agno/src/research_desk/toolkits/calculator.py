"""Arithmetic, as agno's CalculatorTools is written: every method in one list."""

from typing import Any, Callable, List

from agno.tools import Toolkit


class CalculatorTools(Toolkit):
    def __init__(self, **kwargs: Any):
        tools: List[Callable] = [
            self.add,
            self.subtract,
            self.multiply,
            self.divide,
            self.exponentiate,
            self.factorial,
            self.is_prime,
            self.square_root,
        ]
        super().__init__(name="calculator", tools=tools, **kwargs)

    def add(self, a: float, b: float) -> str:
        """Add two numbers and return the result.

        Args:
            a (float): First number.
            b (float): Second number.

        Returns:
            str: JSON string of the result.
        """
        return str(a + b)

    def subtract(self, a: float, b: float) -> str:
        """Subtract second number from first and return the result.

        Args:
            a (float): First number.
            b (float): Second number.
        """
        return str(a - b)

    def multiply(self, a: float, b: float) -> str:
        """Multiply two numbers and return the result.

        Args:
            a (float): First number.
            b (float): Second number.
        """
        return str(a * b)

    def divide(self, a: float, b: float) -> str:
        """Divide first number by second and return the result.

        Args:
            a (float): Numerator.
            b (float): Denominator.
        """
        return str(a / b)

    def exponentiate(self, a: float, b: float) -> str:
        """Raise first number to the power of the second number and return the result.

        Args:
            a (float): Base.
            b (float): Exponent.
        """
        return str(a**b)

    def factorial(self, n: int) -> str:
        """Calculate the factorial of a number and return the result.

        Args:
            n (int): Number to calculate the factorial of.
        """
        return str(n)

    def is_prime(self, n: int) -> str:
        """Check if a number is prime and return the result.

        Args:
            n (int): Number to check if prime.
        """
        return str(n)

    def square_root(self, n: float) -> str:
        """Calculate the square root of a number and return the result.

        Args:
            n (float): Number to calculate the square root of.
        """
        return str(n)
