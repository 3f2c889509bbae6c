"""Trip planner agent (`adk web` and `adk run` load `trip_planner.agent.root_agent`)."""

from . import agent  # noqa: F401
