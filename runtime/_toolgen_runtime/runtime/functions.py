"""The tool functions: found by the import paths the generated module names (through what a
framework's decorator left there), and called with what ``Toolbox.decode`` gave."""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Mapping
from typing import Any, Final

__all__ = ["VARIADIC", "WRAPPED", "import_function", "invoke", "signature_of"]

WRAPPED: Final = ("__wrapped__", "func", "coroutine", "fn", "forward", "entrypoint")
"""Where the frameworks' tool objects keep the function they wrap: ``__wrapped__``
(openai-agents' ``FunctionTool``, strands, anything ``functools.update_wrapper`` made),
``func``/``coroutine`` (LangChain, crewAI, ADK), ``fn`` (FastMCP 2), ``forward`` (smolagents),
``entrypoint`` (agno's ``Function``, which ``@tool`` leaves)."""
VARIADIC: Final = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)


def signature_of(function: Callable[..., Any]) -> Mapping[str, inspect.Parameter]:
    """The function's parameters by name, as ``inspect.signature`` reads them."""
    try:
        return inspect.signature(function).parameters
    except (TypeError, ValueError):  # a callable with no signature to read: all by name
        return {}


def invoke(
    function: Callable[..., Any], kwargs: dict[str, Any], positional: tuple[str, ...]
) -> Any:
    """``function`` called with ``kwargs``, its leading positional-only ones by position (up
    to the first one not given: an injected context the caller must bind, e.g. with
    ``functools.partial``)."""
    args = []
    for name in positional:
        if name not in kwargs:
            break
        args.append(kwargs.pop(name))
    return function(*args, **kwargs)


def import_function(path: str) -> Callable[..., Any]:
    """The function an import path names (``"package.module:qualname"``). A framework's
    decorator may have left its tool object there: the function it wraps is taken from it
    (see :data:`WRAPPED`), since the object's own call is the framework's entry point, not
    the function the schema describes."""
    module_name, _, qualname = path.partition(":")
    found: Any = importlib.import_module(module_name)
    for part in qualname.split("."):
        found = getattr(found, part)
    if not (inspect.isfunction(found) or inspect.ismethod(found)):
        for name in WRAPPED:
            inner = getattr(found, name, None)
            if inspect.isfunction(inner) or inspect.ismethod(inner):
                return inner
    if not callable(found):
        raise TypeError(f"{path} is not callable; give the function in Toolbox(functions=...)")
    return found  # type: ignore[no-any-return]
