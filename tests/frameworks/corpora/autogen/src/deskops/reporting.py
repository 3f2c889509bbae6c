"""The reporter agent: its tools come from a factory, as the team's notebooks build them."""

from autogen_agentchat.agents import AssistantAgent
from autogen_core.tools import FunctionTool

from deskops.model import model_client
from deskops.services import StatusPage, metrics, status_page


def reporting_tools():
    """The reporter's tools: the status page's and the metrics service's."""
    return [
        status_page.incidents,
        status_page.health,
        metrics.query,
        FunctionTool(
            StatusPage("https://status.internal").__call__,
            "The current status of one component of the status page.",
            name="component_status",
        ),
    ]


reporter = AssistantAgent("reporter", model_client, tools=reporting_tools())
