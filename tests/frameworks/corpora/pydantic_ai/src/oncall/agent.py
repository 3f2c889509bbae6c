"""The agents. Tools are registered on them by the modules of ``oncall.tools``."""

from pydantic_ai import Agent
from pydantic_ai.toolsets import FunctionToolset

from oncall.deps import OpsDeps
from oncall.models import IncidentReport

TRIAGE_INSTRUCTIONS = """You help the engineer on call triage pages and incidents.
Prefer reading metrics and runbooks before changing anything."""


class OpsAgent(Agent[OpsDeps, str]):
    """An agent with the platform team's defaults."""


metrics_toolset = FunctionToolset[OpsDeps]()

triage_agent = Agent(
    "test", deps_type=OpsDeps, instructions=TRIAGE_INSTRUCTIONS, toolsets=[metrics_toolset]
)
report_agent = Agent[OpsDeps, IncidentReport](
    "test",
    deps_type=OpsDeps,
    output_type=IncidentReport,
    instructions="Write a blameless incident report.",
)
runbook_agent = OpsAgent("test", deps_type=OpsDeps, name="runbooks")
