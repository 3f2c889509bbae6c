"""The dependencies every agent run gets (``deps_type``)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class PagerClient:
    base_url: str
    token: str = field(repr=False, default="")


@dataclass
class OpsDeps:
    """What tools reach through ``ctx.deps``: clients and the person on call."""

    pager: PagerClient
    metrics_url: str
    on_call: str
    dry_run: bool = True
