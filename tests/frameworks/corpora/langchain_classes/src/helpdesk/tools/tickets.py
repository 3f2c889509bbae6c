"""Ticket tools as classes: schemas in another module, names from constants, inherited text."""

from typing import Annotated, Any

from langchain_core.callbacks import CallbackManagerForToolRun
from langchain_core.tools import BaseTool
from pydantic import Field

from helpdesk.constants import PREFIX
from helpdesk.schemas import Assignment, NewTicket, Reply, TicketQuery
from helpdesk.tools.base import HelpdeskTool, ReadOnlyTool


class SearchTickets(ReadOnlyTool):
    name: str = PREFIX + "search_tickets"
    description: str = "Search the help desk's tickets by text and state."
    args_schema: type = TicketQuery

    def _run(self, text: str, status: str | None = None, limit: int = 20) -> list[dict[str, Any]]:
        return []


class CreateTicket(HelpdeskTool):
    name: str = PREFIX + "create_ticket"
    description: str = "Open a new ticket for a customer."
    args_schema: type = NewTicket

    def _run(self, **fields: Any) -> int:
        return 1


class AssignTicket(HelpdeskTool):
    name: str = "assign_ticket"
    args_schema: type = Assignment  # the description is HelpdeskTool's

    def _run(self, ticket_id: int, agent_email: str, note: str | None = None) -> str:
        return agent_email


class ReplyToTicket(HelpdeskTool):
    name: str = "reply_to_ticket"
    description: str = "Answer a ticket; internal notes are seen by agents only."
    args_schema: type = Reply

    def _run(self, ticket_id: int, message: str, internal: bool = False) -> str:
        return message


class CloseTicket(BaseTool):
    """Closing is read from _run's signature: no args_schema."""

    name: str = "close_ticket"
    description: str = "Close a ticket, with the reason the customer is told."

    def _run(
        self,
        ticket_id: int,
        reason: Annotated[str, "Why it is closed."] = "solved",
        notify: bool = True,
        run_manager: CallbackManagerForToolRun | None = None,
    ) -> str:
        return reason


class MergeTickets(HelpdeskTool):
    name: str = "merge_tickets"
    description: str = "Merge duplicate tickets into one."

    def _run(
        self,
        into: Annotated[int, Field(description="The ticket that stays.")],
        duplicates: list[int],
        run_manager: CallbackManagerForToolRun | None = None,
    ) -> int:
        return into


class TicketHistory(ReadOnlyTool):
    name: str = PREFIX + "ticket_history"

    def _run(self, ticket_id: int, newest_first: bool = True) -> list[str]:
        return []


class TagTicket(HelpdeskTool):
    name: str = "tag_ticket"
    description: str = "Add labels to a ticket."
    args_schema: dict = {
        "type": "object",
        "properties": {
            "ticket_id": {"type": "integer", "description": "The ticket."},
            "tags": {"type": "array", "items": {"type": "string"}},
        },
        "required": ["ticket_id", "tags"],
    }

    def _run(self, ticket_id: int, tags: list[str]) -> None:
        return None


search_tickets = SearchTickets()
create_ticket = CreateTicket()
assign_ticket = AssignTicket()
reply_to_ticket = ReplyToTicket()
close_ticket = CloseTicket()
merge_tickets = MergeTickets()
ticket_history = TicketHistory()
tag_ticket = TagTicket()
