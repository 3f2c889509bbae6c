from toolgen import tool


@tool
def count_orders(customer: str) -> int:
    """Count a customer's orders.

    Args:
        customer: The customer's id.
    """
