import sqlite3

from toolgen import tool


@tool
def count_orders(db: sqlite3.Connection, customer: str) -> int:
    """Count a customer's orders.

    Args:
        db: The connection (the caller's, not the model's).
        customer: The customer's id.
    """
