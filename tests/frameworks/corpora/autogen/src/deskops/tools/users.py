"""User account tools."""

from typing import Annotated, Optional

from autogen_core import CancellationToken


async def lookup_user(
    email: Annotated[str, "The user's e-mail address."],
    include_sessions: bool = False,
) -> dict[str, str]:
    """Look a user up by e-mail."""
    return {}


async def reset_password(
    user_id: str,
    notify: Annotated[bool, "E-mail the user a reset link."] = True,
    cancellation_token: CancellationToken | None = None,
) -> None:
    """Force a password reset for a user."""


def list_sessions(user_id: str, active_only: bool = True) -> list[str]:
    """List a user's sessions."""
    return []


def revoke_session(
    user_id: str,
    session_id: Annotated[Optional[str], "One session; none: every session."] = None,
) -> int:
    """Sign a user out of one session or all of them."""
    return 0
