"""Names and limits shared by the help desk's tools."""

PREFIX = "helpdesk_"
MAX_RESULTS = 50
PRIORITIES = ("low", "normal", "high", "urgent")
