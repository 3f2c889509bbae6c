"""LlamaIndex's preset: ``FunctionTool.from_defaults(fn, ...)``."""

from __future__ import annotations

from typing import Final

from toolgen.frameworks.presets._shared import LLAMA_INDEX_FROM_DEFAULTS
from toolgen.frameworks.rules import CallRule, DecoratorRule, DocstringRule, Framework

# llama-index-core 0.14.25 (tools/function_tool.py, ``FunctionTool.from_defaults``): the
# description is ``name(signature)`` then the docstring; parameter descriptions from
# ``Annotated[T, "text"]`` / ``Field`` first, then the docstring's ``:param x:``, ``x (type):``
# or ``@param x`` lines; ``*args``/``**kwargs`` left out (tools/utils.py).
_CALL = CallRule(
    DecoratorRule(
        "llama-index",
        positional=("function", "name", "description"),
        docstring=DocstringRule(
            "signature", True, ("text", "field", "docstring"), param_style="llama-index"
        ),
        skips_varargs=True,
        unread_keywords=frozenset({"fn_schema", "tool_metadata", "partial_params"}),
    ),
    ("fn", "async_fn"),
)
_CALLS = (
    LLAMA_INDEX_FROM_DEFAULTS,
    "llama_index.core.tools.function_tool.FunctionTool.from_defaults",
)

FRAMEWORK: Final = Framework(
    "llama-index",
    "LlamaIndex",
    ("llama_index",),
    {},
    # A workflow ``Context`` (or ``Context[State]``) parameter is filled by llama-index.
    injected_types=(
        "llama_index.core.workflow.Context",
        "llama_index.core.workflow.context.Context",
        "workflows.Context",
        "workflows.context.Context",
        "workflows.context.context.Context",
    ),
    calls=dict.fromkeys(_CALLS, _CALL),
)
