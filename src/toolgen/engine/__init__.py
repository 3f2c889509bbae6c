"""The incremental engine: what a build may take from earlier builds, and how it verifies it.

- :mod:`~toolgen.engine.target`: one target's build (inputs, rebuilt modules, output bytes);
- :mod:`~toolgen.engine.keys`: what every cache key is made of;
- :mod:`~toolgen.engine.entries`: the typed entries, their shapes checked;
- :mod:`~toolgen.engine.store`: the cache folder — ownership, authentication, pruning;
- :mod:`~toolgen.engine.stamps`: what an output looked like when its digest was known;
- :mod:`~toolgen.engine.workers`: the parallel map.

It sits below :mod:`toolgen.api` (which orchestrates and never touches the cache itself) and
above the stages whose results it caches (scanning, building, assembling, rendering).
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from toolgen.engine.entries import Cache
from toolgen.engine.keys import code_fingerprint
from toolgen.engine.store import Store, cache_secret, ensure_usable


def open_cache(folder: Path | None) -> Cache:
    """The cache in ``folder`` (``None``: no cache). A folder that is not toolgen's is refused
    before anything in it is read; without a secret to authenticate entries there is no cache.

    Raises:
        CacheFolderError: ``folder`` is not empty and not a toolgen cache.
    """
    if folder is None:
        return Cache(Store(None, "", None))
    ensure_usable(folder)
    store = Store(folder, code_fingerprint()[:16], cache_secret())
    with contextlib.suppress(OSError):
        store.mark_used()
    return Cache(store)


__all__ = ["Cache", "open_cache"]
