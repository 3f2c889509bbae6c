"""Clients of the services the agents report on; their methods are the reporter's tools."""

from typing import Annotated, Literal, Optional


class ServiceClient:
    """A JSON-over-HTTP client of one internal service."""

    def __init__(self, base_url: str, timeout: float = 10.0) -> None:
        self.base_url = base_url
        self.timeout = timeout

    def health(self, verbose: Annotated[bool, "Include each dependency's state."] = False) -> str:
        """Check the service's health."""
        return "ok"


class StatusPage(ServiceClient):
    """The public status page."""

    def incidents(
        self,
        state: Literal["open", "resolved"] = "open",
        limit: Annotated[int, "How many incidents, newest first."] = 10,
    ) -> list[str]:
        """List the status page's incidents."""
        return []

    def __call__(self, component: Annotated[str, "The component, as the page names it."]) -> str:
        """The current status of one component."""
        return "operational"

    def _raw(self, path: str) -> str:
        return path


class Metrics(ServiceClient):
    def query(
        self,
        expression: Annotated[str, "A PromQL expression."],
        minutes: int = 60,
        step: Optional[str] = None,
    ) -> list[float]:
        """Run a metrics query over the last minutes."""
        return []


status_page = StatusPage("https://status.internal")
metrics = Metrics("https://metrics.internal", timeout=30)
