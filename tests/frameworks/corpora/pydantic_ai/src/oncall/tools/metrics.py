"""Metrics and dashboards, as a toolset any agent can be given."""

from typing import Literal

from pydantic_ai import RunContext

from oncall.agent import metrics_toolset as toolset
from oncall.deps import OpsDeps
from oncall.fields import PromQL, TimeWindow
from oncall.models import TimeRange
from oncall.settings import DEFAULT_STEP_SECONDS, DEFAULT_WINDOW


@toolset.tool
async def query_metric(
    ctx: RunContext[OpsDeps],
    expr: PromQL,
    window: TimeWindow = DEFAULT_WINDOW,
    step_seconds: int = DEFAULT_STEP_SECONDS,
) -> list[tuple[float, float]]:
    """Run a PromQL query over a recent window.

    Parameters
    ----------
    expr : str
        The PromQL expression.
    window : str
        How far back to look.
    step_seconds : int
        Resolution of the returned series.

    Returns
    -------
    list of (timestamp, value)
        The samples.
    """
    return []


@toolset.tool_plain
def list_dashboards(team: str | None = None, starred_only: bool = False) -> list[str]:
    """List the Grafana dashboards.

    :param team: Only this team's dashboards.
    :param starred_only: Only dashboards someone starred.
    """
    return []


@toolset.tool(docstring_format="google", require_parameter_descriptions=True)
async def compare_latency(
    ctx: RunContext[OpsDeps],
    service: str,
    baseline: TimeRange,
    candidate: TimeRange,
    percentile: Literal[50, 90, 99] = 99,
) -> dict[str, float]:
    """Compare a service's latency between two periods.

    Args:
        service: Service name in the catalogue.
        baseline: The period considered normal.
        candidate: The period under suspicion.
        percentile: Which latency percentile to compare.
    """
    return {}
