"""The help desk team: each agent with its tools. A plain function in ``tools=[...]`` is
wrapped by AutoGen as ``FunctionTool(f, description=f.__doc__)``."""

from autogen_agentchat.agents import AssistantAgent
from autogen_core.tools import FunctionTool, StaticWorkbench

from deskops.model import model_client
from deskops.settings import ENABLE_REFUNDS, KB_PREFIX, REFUND
from deskops.tools import billing, infra, kb, tickets
from deskops.tools.infra import get_time
from deskops.tools.users import lookup_user

triage = AssistantAgent(
    "triage",
    model_client=model_client,
    tools=[
        tickets.get_ticket,
        tickets.create_ticket,
        tickets.list_tickets,
        tickets.merge_tickets,
        tickets.set_priority,
        tickets.add_note,
        tickets.close_ticket,
        get_time,
        lookup_user,
    ],
    system_message="You triage incoming tickets.",
)

if ENABLE_REFUNDS:
    refund = FunctionTool(billing.refund_invoice, description=REFUND, name="refund")

billing_agent = AssistantAgent(
    "billing",
    model_client,
    tools=[
        refund,
        billing.create_invoice,
        billing.change_plan,
        billing.usage_report,
        FunctionTool(billing.apply_credit, "Credit a customer's account, in cents."),
        get_time,
        lookup_user,
    ],
)

kb_tools = StaticWorkbench(
    [
        FunctionTool(kb.search_articles, "Search the knowledge base.", name=f"{KB_PREFIX}_search"),
        FunctionTool(kb.get_article, "Fetch an article.", name=f"{KB_PREFIX}_get"),
        FunctionTool(kb.draft_article, description="Draft an article for review."),
        FunctionTool(kb.link_article, description="Link an article to a ticket."),
        FunctionTool(kb.rate_article, description="Record whether an article helped."),
    ]
)
librarian = AssistantAgent("librarian", model_client, workbench=kb_tools)

oncall = AssistantAgent(
    "oncall",
    model_client,
    tools=[
        infra.service_status,
        infra.restart_service,
        infra.tail_logs,
        infra.open_incident,
        FunctionTool(infra.scale_service, "Scale a service.", name="scale"),
    ],
    reflect_on_tool_use=True,
)
