"""Importing this package registers every tool on its agent."""

from oncall.tools import incidents, metrics, reporting, runbooks  # noqa: F401
