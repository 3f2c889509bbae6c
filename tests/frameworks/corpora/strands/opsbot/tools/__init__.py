"""The agent's tools, grouped by area."""

from opsbot.tools import compute, incidents, logs

__all__ = ["compute", "incidents", "logs"]
