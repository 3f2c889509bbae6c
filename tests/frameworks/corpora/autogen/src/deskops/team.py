"""The coordinator, who routes work with the shared tools of ``deskops.registry``."""

from autogen_agentchat.agents import AssistantAgent

from deskops.model import model_client
from deskops.registry import assign_tool, clock, invoice_tool, search_tickets_tool, user_lookup

coordinator = AssistantAgent(
    "coordinator",
    model_client=model_client,
    tools=[search_tickets_tool, assign_tool, invoice_tool, clock, user_lookup],
    description="Routes each request to the right specialist.",
)
