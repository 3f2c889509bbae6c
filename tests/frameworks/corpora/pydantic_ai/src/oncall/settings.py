"""Tunables and texts shared by the tools."""

TOOL_PREFIX = "oncall"
DEFAULT_LIMIT = 20
MAX_SILENCE_MINUTES = 24 * 60
DEFAULT_STEP_SECONDS = 60
DEFAULT_WINDOW = "1h"

ESCALATION_TOOL = "escalate_incident"
ESCALATION_HELP = (
    "Page the next escalation level for an incident. "
    "Only use this after the first responder has not acknowledged for 15 minutes."
)
RUNBOOK_HELP = {
    "describe": "Show one step of a runbook, with the exact commands it runs.",
}
