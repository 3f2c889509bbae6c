"""Settings shared by the toolkits."""

DEFAULT_LIMIT = 10
HTTP_TOOLKIT = "http"
ENABLE_ARCHIVE = False
