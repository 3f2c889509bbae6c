"""Infrastructure tools the on-call agent uses."""

from typing import Annotated, Literal, Optional

from autogen_core import CancellationToken

from deskops.settings import DEFAULT_REGION

Environment = Literal["production", "staging", "development"]


async def service_status(
    service: Annotated[str, "The service's name, as in the catalogue."],
    region: str = DEFAULT_REGION,
) -> dict[str, str]:
    """Report a service's health in a region."""
    return {}


async def restart_service(
    service: str,
    environment: Environment,
    drain_seconds: Annotated[int, "How long to drain connections first."] = 30,
    cancellation_token: CancellationToken | None = None,
) -> bool:
    """Restart a service.

    Args:
        service: Which service.
        environment: Where.
    """
    return True


async def tail_logs(
    service: str,
    lines: int = 200,
    level: Literal["debug", "info", "warning", "error"] = "info",
    since_minutes: Optional[int] = None,
) -> list[str]:
    """Show a service's latest log lines."""
    return []


def open_incident(
    title: str,
    severity: Annotated[Literal[1, 2, 3, 4], "1 is the most severe."],
    services: Annotated[list[str], "The services affected."],
    commander: Optional[str] = None,
) -> str:
    """Open an incident and page its commander."""
    return "inc_1"


def get_time(timezone: Annotated[str, "An IANA time zone, like 'Europe/Paris'."] = "UTC") -> str:
    """Tell the current time in a time zone."""
    return ""


def scale_service(
    service: str,
    replicas: Annotated[int, "The number of replicas wanted."],
    environment: Environment = "production",
) -> int:
    """Scale a service to a number of replicas."""
    return replicas
