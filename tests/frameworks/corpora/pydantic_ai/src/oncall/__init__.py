"""On-call assistant: triage, runbooks and incident reports for the platform team."""

__all__ = ["__version__"]
__version__ = "1.4.2"
