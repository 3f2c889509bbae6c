"""Every CRM tool, in the order the agent lists them."""

from acme.crm.tools.activity import add_note, list_tasks, log_call, schedule_meeting
from acme.crm.tools.contacts import (
    create_contact,
    get_contact,
    list_recent_contacts,
    merge_contacts,
    search_contacts,
    update_contact_address,
)
from acme.crm.tools.deals import close_deal, create_deal, forecast_revenue, move_deal_stage
from acme.crm.tools.integrations import register_webhook, summarize_account

CRM_TOOLS = [
    search_contacts,
    get_contact,
    create_contact,
    update_contact_address,
    merge_contacts,
    list_recent_contacts,
    create_deal,
    move_deal_stage,
    forecast_revenue,
    close_deal,
    log_call,
    schedule_meeting,
    add_note,
    list_tasks,
    register_webhook,
    summarize_account,
]
