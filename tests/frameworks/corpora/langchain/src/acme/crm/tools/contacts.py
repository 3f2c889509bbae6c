"""Contact tools."""

from __future__ import annotations

from typing import Annotated

from langchain_core.tools import InjectedToolCallId, tool
from pydantic import Field

from acme.crm.models import Address, ContactInput
from acme.crm.runtime import TenantId
from acme.crm.settings import DEFAULT_PAGE_SIZE, MAX_MERGE, SEARCH_SYNTAX


@tool
def search_contacts(
    query: str,
    tenant_id: TenantId,
    limit: int = DEFAULT_PAGE_SIZE,
    include_archived: bool = False,
) -> list[dict]:
    """Search contacts by name, e-mail address or company.

    Results are ordered by relevance, then by the date of the last activity.

    Args:
        query: What to look for.
        limit: How many contacts to return.
        include_archived: Whether archived contacts are searched too.
    """
    raise NotImplementedError


@tool("get_contact_by_id")
def get_contact(contact_id: str, tenant_id: TenantId) -> dict:
    """Fetch one contact with its company, owner and open deals."""
    raise NotImplementedError


@tool(parse_docstring=True)
def create_contact(
    contact: ContactInput,
    tool_call_id: Annotated[str, InjectedToolCallId],
    tenant_id: TenantId,
    deduplicate: bool = True,
) -> dict:
    """Create a contact in the CRM.

    Args:
        contact: The contact to create.
        deduplicate: Whether to return the existing contact instead when one with
            the same e-mail address already exists.

    Returns:
        The created (or existing) contact.
    """
    raise NotImplementedError


@tool(parse_docstring=True)
async def update_contact_address(
    contact_id: str,
    address: Address,
    tenant_id: TenantId,
    kind: Annotated[str, "Which of the contact's addresses to replace"] = "billing",
) -> dict:
    """Replace one of a contact's postal addresses.

    The address is validated against the postal service of its country before it is
    stored; an address that fails validation is rejected.

    Args:
        contact_id: The contact's id.
        address: The new address.
    """
    raise NotImplementedError


@tool(
    "merge_contacts",
    description=f"Merge up to {MAX_MERGE} duplicate contacts into one. " + SEARCH_SYNTAX,
)
def merge_contacts(
    primary_id: Annotated[str, Field(description="The contact that is kept.")],
    duplicate_ids: Annotated[
        list[str], Field(description="Contacts merged into the primary one.", max_length=MAX_MERGE)
    ],
    tenant_id: TenantId,
) -> dict:
    """Merge contacts (the description above is what the model sees)."""
    raise NotImplementedError


@tool
async def list_recent_contacts() -> list[dict]:
    """List the contacts created or changed in the last seven days."""
    raise NotImplementedError
