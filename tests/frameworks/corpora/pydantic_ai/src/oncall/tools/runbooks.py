"""Runbooks: find them, read them, run their steps."""

from pydantic_ai.tools import RunContext

from oncall.agent import runbook_agent
from oncall.deps import OpsDeps
from oncall.settings import RUNBOOK_HELP, TOOL_PREFIX


@runbook_agent.tool_plain
def find_runbook(query: str, tags: tuple[str, ...] = ()) -> list[dict]:
    """Find runbooks whose title or tags match.
    Args:
        query: Words from the alert name or the symptom.
        tags: Only runbooks with all of these tags.
    """
    return []


@runbook_agent.tool
async def run_runbook_step(
    ctx: RunContext[OpsDeps], runbook_id: str, step: int, dry_run: bool = True
) -> str:
    """Run one step of a runbook.

    Steps that change production refuse to run unless dry_run is false and the
    engineer on call confirmed in the chat.

    Args:
        runbook_id: The runbook, as returned by find_runbook.
        step: The 1-based step number.
        dry_run: Print the commands instead of running them.
    """
    return ""


@runbook_agent.tool_plain(name=f"{TOOL_PREFIX}_describe_step", description=RUNBOOK_HELP["describe"])
def describe_step(runbook_id: str, step: int) -> str:
    return ""
