"""The research tools' base classes: what every tool shares, and the web tools' family."""

from typing import List

from crewai.tools import BaseTool, EnvVar

from researchkit.constants import BRAND


class ResearchTool(BaseTool):
    """Every research tool: a default description, overridden by most; no name, no tool."""

    description: str = f"A tool of the {BRAND} research crew."
    package_dependencies: List[str] = []


class WebTool(ResearchTool):
    """Tools that call a web API: their key is read from the environment."""

    description: str = "Reads the web for the research crew."
    env_vars: List[EnvVar] = [
        EnvVar(name="ACME_WEB_KEY", description="API key for Acme's web gateway", required=True),
    ]
