"""Reusable parameter metadata, so every tool describes the same argument the same way."""

from pydantic import Field

from acme.cloudops_mcp import constants as C
from acme.cloudops_mcp.constants import BUCKET_TEXT, INSTANCE_ID_TEXT, LIMIT_TEXT, REGION_TEXT

REGION_FIELD = Field(description=REGION_TEXT)
INSTANCE_ID = Field(description=INSTANCE_ID_TEXT, pattern=r"^i-[0-9a-f]{8,17}$")
BUCKET = Field(description=BUCKET_TEXT, min_length=3, max_length=63)
PAGE_LIMIT = Field(default=C.DEFAULT_LIMIT, ge=1, le=C.MAX_LIMIT, description=LIMIT_TEXT)
DRY_RUN = Field(
    default=True,
    description="Only report what would change; nothing is modified.",
)
