"""A small time-based cache for expensive read-only tools."""

from __future__ import annotations

import functools
import time
from typing import Any, Callable


def ttl_cache(seconds: float) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Cache a function's results by its arguments for ``seconds``."""

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        entries: dict[Any, tuple[float, Any]] = {}

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            key = (args, tuple(sorted(kwargs.items())))
            hit = entries.get(key)
            if hit is not None and time.monotonic() - hit[0] < seconds:
                return hit[1]
            value = fn(*args, **kwargs)
            entries[key] = (time.monotonic(), value)
            return value

        return wrapper

    return decorate
