"""Names, limits and defaults shared by the CloudOps tools."""

from typing import Final

SERVER_NAME: Final = "acme-cloudops"
ADMIN_SERVER_NAME: Final = SERVER_NAME + "-admin"

# Every tool that acts on the account is published under this prefix, so a client
# that mounts several servers can tell them apart.
TOOL_PREFIX: Final = "cloudops_"

DEFAULT_REGION: Final = "eu-west-1"
SUPPORTED_REGIONS: Final = ("eu-west-1", "eu-central-1", "us-east-1", "us-west-2")

DEFAULT_LIMIT: Final = 50
MAX_LIMIT: Final = 500

STOP_TIMEOUT_S: Final = 120
DEFAULT_COMMAND_TIMEOUT_S: Final = 5 * 60

DEFAULT_LOOKBACK_MINUTES: Final = 24 * 60
MAX_LOG_LINES: Final = 2_000
DEFAULT_LOG_LINES: Final = MAX_LOG_LINES // 10
DEFAULT_TAIL_LINES = 100

DEFAULT_KEY_TTL_DAYS: Final = 30
MAX_KEY_TTL_DAYS: Final = 90

DEFAULT_FORECAST_MONTHS = 3

# Description texts used by more than one tool.
_INSTANCE_ID_TEXT = "Instance identifier, e.g. 'i-0abc123def4567890'."
INSTANCE_ID_TEXT: Final = _INSTANCE_ID_TEXT
BUCKET_TEXT: Final = "Bucket name (globally unique, lowercase)."
REGION_TEXT: Final = (
    f"Region to query. Defaults to {DEFAULT_REGION}; one of: {', '.join(SUPPORTED_REGIONS)}."
)
LIMIT_TEXT: Final = f"Maximum number of items to return (1-{MAX_LIMIT})."
