"""DNS plugin."""

import enum

import strands


class RecordType(enum.Enum):
    A = "A"
    AAAA = "AAAA"
    CNAME = "CNAME"
    MX = "MX"
    TXT = "TXT"


RESOLVER = "1.1.1.1"


@strands.tool(
    name="dns_lookup",
    description="Resolve a host name with " + RESOLVER + " and return every record found.",
)
def lookup(hostname: str, record_type: RecordType = RecordType.A, trace: bool = False) -> list[str]:
    """Look up DNS records.

    Args:
        hostname: The fully qualified host name.
        record_type: The record type.
        trace: Follow the delegation from the root servers.
    """
    raise NotImplementedError


@strands.tool
async def flush_cdn_cache(distribution_id: str, paths: list[str] | None = None) -> str:
    """Invalidate cached objects of a CDN distribution.

    Invalidations are billed per path after the first thousand of the month, so prefer
    wildcards to long lists.

    Args:
        distribution_id: The CloudFront distribution.
        paths: Paths to invalidate, wildcards allowed; everything when omitted.

    Note:
        Invalidations take up to ten minutes to reach every edge location.
    """
    raise NotImplementedError
