"""The lab's two agents: each holds its own tools, and both hold a tool named lab_lookup."""

from smolagents import CodeAgent, ToolCallingAgent
from smolagents.models import Model

from labkit.constants import DATASET_INPUT, PREFIX
from labkit.tools.base import DatasetTool, LabTool


class OfflineModel(Model):
    """The model the agents are built with here; the deployment passes its own."""

    def generate(self, messages, stop_sequences=None, **kwargs):
        raise RuntimeError("no model in this build")


class LookupColumn(DatasetTool):
    name = PREFIX + "lookup"
    description = "Looks up one column of a dataset: its type, unit and how it was measured."
    inputs = {
        "dataset": DATASET_INPUT,
        "column": {"type": "string", "description": "The column's name."},
    }

    def forward(self, dataset: str, column: str) -> str:
        return column


class LookupTerm(LabTool):
    name = PREFIX + "lookup"
    description = "Looks up a statistics term in the lab's glossary."
    inputs = {
        "term": {"type": "string", "description": "The term, as written in a report."},
        "brief": {"type": "boolean", "description": "One line only.", "nullable": True},
    }

    def forward(self, term: str, brief: bool = False) -> str:
        return term


model = OfflineModel(model_id="offline")
analyst = CodeAgent([LookupColumn()], model=model)
writer = ToolCallingAgent(tools=[LookupTerm()], model=model)
