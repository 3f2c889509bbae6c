"""The support agent, assembled from the tools of this package and of the plugins."""

from agents import Agent
from support_plugins.shipping.pickups import PICKUP_TOOLS

from support_desk.context import SupportContext
from support_desk.tools import ALL_TOOLS

INSTRUCTIONS = """You are the support desk of an online shop. Be brief and friendly.
Never promise refunds: open a refund request and say billing will review it."""

support_agent = Agent[SupportContext](
    name="Support desk",
    instructions=INSTRUCTIONS,
    tools=[*ALL_TOOLS, *PICKUP_TOOLS],
    model="gpt-4.1-mini",
)
