"""Statistics, plots and model fitting over the lab's datasets."""

from smolagents import Tool

from labkit.constants import COLUMNS_INPUT, DATASET_INPUT, PREFIX
from labkit.tools.base import DatasetTool, LabTool

STATS_DESCRIPTION = "Computes summary statistics (count, mean, std, quartiles) for numeric columns."


class SummaryStats(DatasetTool):
    name = PREFIX + "summary_stats"
    description = STATS_DESCRIPTION
    inputs = {"dataset": DATASET_INPUT, "columns": COLUMNS_INPUT}

    def forward(self, dataset: str, columns: list[str] | None = None) -> str:
        return dataset


class Correlate(LabTool):
    name = PREFIX + "correlate"
    description = "Pearson correlation between two numeric columns of a dataset."
    inputs = {
        "dataset": DATASET_INPUT,
        "x": {"type": "string", "description": "First column."},
        "y": {"type": "string", "description": "Second column."},
        "min_periods": {
            "type": "integer",
            "description": "Fewest paired observations required.",
            "nullable": True,
        },
    }

    def forward(self, dataset: str, x: str, y: str, min_periods: int = 1) -> float:
        return 0.0


class FitLine(LabTool):
    name = PREFIX + "fit_line"
    description = "Fits y = a*x + b by least squares and returns a, b and r squared."
    output_type = "object"
    inputs = {
        "xs": {"type": "array", "items": {"type": "number"}, "description": "The x values."},
        "ys": {"type": "array", "items": {"type": "number"}, "description": "The y values."},
    }

    def forward(self, xs: list[float], ys: list[float]) -> dict:
        return {}


class PlotHistogram(DatasetTool):
    name = PREFIX + "plot_histogram"
    description = "Draws a histogram of one column and returns the image."
    output_type = "image"
    inputs = {
        "dataset": DATASET_INPUT,
        "column": {"type": "string", "description": "Column to plot."},
        "bins": {"type": "integer", "description": "Number of bins.", "nullable": True},
        "log_scale": {"type": "boolean", "description": "Log-scaled counts.", "nullable": True},
    }

    def forward(self, dataset: str, column: str, bins: int = 20, log_scale: bool = False):
        return None


class ThresholdAlert(Tool):
    name = "lab_threshold_alert"
    description = (
        "Flags the rows whose value crosses a threshold, given as a number or a column name."
    )
    output_type = "array"
    inputs = {
        "dataset": DATASET_INPUT,
        "column": {"type": "string", "description": "Column to watch."},
        "threshold": {
            "type": ["number", "string"],
            "description": "A number, or the name of a column holding per-row thresholds.",
        },
    }

    def forward(self, dataset: str, column: str, threshold: float | str) -> list:
        return []


class Transcribe(Tool):
    name = "lab_transcribe_notes"
    description = "Transcribes a recorded lab note and returns its text."
    output_type = "string"
    inputs = {
        "recording": {"type": "audio", "description": "The recording to transcribe."},
        "language": {
            "type": "string",
            "description": "Spoken language, as an ISO code.",
            "nullable": True,
        },
    }

    def forward(self, recording, language: str | None = None) -> str:
        return ""


class Tagger(Tool):
    name = "lab_tag"
    description = "Attaches free-form metadata to a dataset."
    output_type = "null"
    inputs = {
        "dataset": DATASET_INPUT,
        "tags": {"type": "object", "description": "Tag names and their values."},
    }

    def forward(self, dataset: str, tags: dict) -> None:
        return None


summary_stats = SummaryStats()
correlate = Correlate()
fit_line = FitLine()
plot_histogram = PlotHistogram()
threshold_alert = ThresholdAlert()
transcribe = Transcribe()
tagger = Tagger()
