"""The FunctionTools the agents share, with their descriptions: AutoGen reads no docstring of
a FunctionTool, so every description is written here."""

from autogen_core.tools import FunctionTool

from deskops import settings
from deskops.settings import SERVICE, TICKET_SEARCH
from deskops.tools import tickets, users
from deskops.tools.billing import find_invoice
from deskops.tools.infra import get_time

search_tickets_tool = FunctionTool(tickets.search_tickets, TICKET_SEARCH)
assign_tool = FunctionTool(
    tickets.assign_ticket,
    description="Hand a ticket to an agent, who is notified at once.",
    name="assign",
)
invoice_tool = FunctionTool(
    find_invoice, description=f"Find an invoice in {SERVICE}'s billing system (read-only)."
)
clock = FunctionTool(get_time, "The current time in a time zone.", "clock")
user_lookup = FunctionTool(
    users.lookup_user, description="Find a user account by e-mail.", name="find_user"
)

# Tools of no agent: the admin console runs them itself.
reset_password_tool = FunctionTool(
    users.reset_password, description="Force a password reset.", name="admin_reset_password"
)
revoke_tool = FunctionTool(
    users.revoke_session,
    description="Sign a user out of " + "one session or all of them.",
    name="admin_revoke_session",
)
sessions_tool = FunctionTool(func=users.list_sessions, description=settings.SERVICE + " sessions.")
