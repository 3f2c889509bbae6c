"""Tools about the conversation itself: hand-over, notes, tags, canned replies."""

from datetime import datetime, timezone
from typing import Annotated, Literal

from agents import RunContextWrapper, function_tool

from support_desk.context import SupportContext
from support_desk.fields import TicketId
from support_desk.models import EscalationReason, Priority, Tone
from support_desk.settings import ESCALATE_TOOL_DESCRIPTION, ESCALATE_TOOL_NAME


@function_tool(name_override=ESCALATE_TOOL_NAME, description_override=ESCALATE_TOOL_DESCRIPTION)
async def escalate(
    ctx: RunContextWrapper[SupportContext],
    reason: EscalationReason,
    summary: str,
    priority: Priority = Priority.NORMAL,
) -> str:
    """Escalate to a human.

    Args:
        reason: Why a human has to take over.
        summary: Two or three sentences a colleague can act on without reading
            the whole conversation.
        priority: How fast a human must answer.
    """
    return "queued"


@function_tool
def current_time() -> str:
    """Return the current date and time in UTC, as ISO 8601."""
    return datetime.now(timezone.utc).isoformat()


@function_tool
async def get_customer_profile(ctx: RunContextWrapper[SupportContext]) -> dict:
    """Fetch the profile of the customer in this conversation:
    name, loyalty tier, open tickets and preferred language."""
    return {"id": ctx.context.customer_id}


@function_tool
def add_internal_note(
    ctx: RunContextWrapper[SupportContext],
    ticket_id: TicketId,
    note: Annotated[str, "Plain-text body of the note."],
    visibility: Literal["team", "private"] = "team",
) -> str:
    """Add a note to the ticket for the support team.

    Args:
        note: What to write down. Markdown is not rendered.
        visibility: Who can read the note.
    """
    return "noted"


@function_tool(use_docstring_info=False)
def tag_ticket(ticket_id: TicketId, tags: set[str], replace: bool = False) -> list[str]:
    """Add tags to a ticket.

    This docstring is for developers only: the tool is registered with
    use_docstring_info=False, so the model gets neither this text nor the
    parameter descriptions.

    Args:
        ticket_id: The ticket to tag.
        tags: Tags to add.
        replace: Replace the ticket's tags instead of adding to them.
    """
    return sorted(tags)


@function_tool
async def suggest_macros(
    ticket_id: TicketId,
    *,
    tone: Tone = "friendly",
    max_suggestions: int = 3,
) -> list[str]:
    """Suggest canned replies (macros) that fit the ticket.

    Args:
        ticket_id: The ticket to answer.

    Keyword Args:
        tone: The tone the reply should have.
        max_suggestions: At most this many macros are returned.

    Example:
        suggest_macros("SUP-1182", tone="apologetic")
    """
    return []
