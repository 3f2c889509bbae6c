"""Every tool of the support desk, in the order the agent offers them."""

from support_desk.tools.billing import (
    explain_charges,
    get_invoice_link,
    issue_store_credit,
    request_refund,
)
from support_desk.tools.conversation import (
    add_internal_note,
    current_time,
    escalate,
    get_customer_profile,
    suggest_macros,
    tag_ticket,
)
from support_desk.tools.knowledge import search_faq, search_help_center
from support_desk.tools.orders import (
    list_recent_orders,
    lookup_order,
    track_shipment,
    update_shipping_address,
)

ALL_TOOLS = [
    lookup_order,
    list_recent_orders,
    track_shipment,
    update_shipping_address,
    request_refund,
    issue_store_credit,
    get_invoice_link,
    explain_charges,
    escalate,
    current_time,
    get_customer_profile,
    add_internal_note,
    tag_ticket,
    suggest_macros,
    search_faq,
    search_help_center,
]
