"""The helpdesk server's tools, one module per area."""
