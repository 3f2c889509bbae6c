"""Call auditing for tools that change things."""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Awaitable, Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

log = logging.getLogger("acme.cloudops.audit")


def audited(fn: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
    """Log every call with its arguments and how long it took."""

    @functools.wraps(fn)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        started = time.monotonic()
        try:
            return await fn(*args, **kwargs)
        finally:
            log.info("%s(%r) took %.3fs", fn.__name__, kwargs, time.monotonic() - started)

    return wrapper
