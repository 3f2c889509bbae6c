"""Object storage: buckets and objects."""

from __future__ import annotations

from typing import Annotated, Optional

from mcp.server.mcpserver import Context, Resolve
from pydantic import Field

from ..constants import BUCKET_TEXT, DEFAULT_LIMIT, MAX_LIMIT
from ..fields import BUCKET, PAGE_LIMIT
from ..models import DeleteConfirmation, TagSpec
from ..resolvers import confirm_bucket_deletion
from ..server import app


@app.tool()
async def list_buckets() -> list[str]:
    """List every bucket in the account."""
    return []


@app.tool()
async def list_objects(
    bucket: Annotated[str, BUCKET],
    prefix: str = "",
    limit: int = PAGE_LIMIT,
    ctx: Optional[Context] = None,
) -> list[dict]:
    """List the objects in a bucket.

    Args:
        bucket: The bucket.
        prefix: Only keys starting with this prefix.
        limit: Page size.
    """
    return []


@app.tool()
def get_object_metadata(
    bucket: str = Field(..., description=BUCKET_TEXT),
    key: str = Field(..., description="Object key, without a leading slash."),
    version_id: str | None = None,
) -> dict:
    """Get an object's size, content type, checksum and user metadata without downloading it.

    Args:
        bucket: The bucket holding the object.
        key: The object's key.
        version_id: A specific version; the current one when omitted.
    """
    return {}


@app.tool()
async def delete_bucket(
    bucket: Annotated[str, BUCKET],
    confirmation: Annotated[DeleteConfirmation, Resolve(confirm_bucket_deletion)],
    ctx: Context,
) -> str:
    """Delete a bucket and every object in it. The user is asked to confirm first."""
    if not confirmation.confirm:
        return "cancelled"
    await ctx.warning(f"deleting {bucket}")
    return "deleted"


@app.tool()
async def set_bucket_tags(
    bucket: Annotated[str, BUCKET],
    tags: list[TagSpec],
    replace: bool = Field(default=False, description="Drop tags that are not listed."),
) -> int:
    """Set tags on a bucket.

    Args:
        bucket: The bucket to tag.
        tags: Tags to set; existing keys are overwritten.
    """
    return len(tags)


@app.tool(
    description=f"Search object keys across all buckets by glob (at most {MAX_LIMIT} matches)."
)
async def find_objects(pattern: str, limit: int = DEFAULT_LIMIT) -> list[str]:
    return []
