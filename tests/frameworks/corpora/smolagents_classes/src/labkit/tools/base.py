"""The lab's tool bases: a shared output type and a dataset-bound family."""

from smolagents import Tool

from labkit.constants import DATASET_INPUT


class LabTool(Tool):
    """Every lab tool returns text the agent reads."""

    output_type = "string"


class DatasetTool(LabTool):
    """A tool over one dataset; subclasses add their own inputs."""

    inputs = {"dataset": DATASET_INPUT}
