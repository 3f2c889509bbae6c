"""The shop's agents: DSPy ReAct modules over the tools, and tools made with dspy.Tool."""

import dspy
from dspy import Tool

from shopbot.constants import CURRENCY, REFUND_ARGS, REFUND_DESC
from shopbot.tools import catalog, orders, support
from shopbot.tools.catalog import check_stock, lookup, product_details, search_products


class ShopQuestion(dspy.Signature):
    """Answer a customer's question about the shop."""

    question: str = dspy.InputField()
    answer: str = dspy.OutputField()


refund_tool = dspy.Tool(orders.refund, desc=REFUND_DESC, arg_desc=REFUND_ARGS)
price_tool = Tool(
    catalog.filter_by_price,
    name="find_in_price_range",
    desc=f"Products of a category within a price range, in {CURRENCY}.",
    arg_desc={"category": "The category's slug, like 'shoes'."},
)
tracking_tool = dspy.Tool(orders.track, name="track_parcel")

catalog_agent = dspy.ReAct(
    ShopQuestion,
    tools=[search_products, product_details, check_stock, catalog.compare, lookup, price_tool],
)
orders_agent = dspy.ReAct(
    "question -> answer",
    [
        orders.order_status,
        orders.place_order,
        refund_tool,
        dspy.Tool(orders.schedule_delivery, arg_desc={"day": "The day wanted, ISO 8601."}),
        orders.cancel,
        lookup,
    ],
)

support_agent = dspy.ReAct(
    signature="question -> answer",
    tools=[support.open_ticket, support.loyalty_points, support.return_label, lookup, refund_tool],
)
