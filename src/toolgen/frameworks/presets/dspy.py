"""DSPy's preset: ``dspy.Tool(fn)``, and ``ReAct(signature, tools=[f])``."""

from __future__ import annotations

from typing import Final

from toolgen.frameworks.rules import CallRule, DecoratorRule, DocstringRule, Framework, ListRule

# dspy 3.4.1 (dspy/adapters/types/tool.py, ``Tool._parse_function``): the name ``__name__``, the
# description the whole ``__doc__``; each argument's schema pydantic's ``TypeAdapter`` schema of
# its ``get_type_hints`` type (``Annotated`` stripped: no ``Field`` there is read; ``$ref`` s
# inlined), with a default when it has one; descriptions only from ``arg_desc``, never from the
# docstring. ``ReAct(signature, tools=[f])`` makes ``Tool(f)`` of each function.
_RULE = DecoratorRule(
    "dspy",
    name_keywords=frozenset({"name"}),
    description_keywords=frozenset({"desc"}),
    positional=("function", "name", "description"),
    docstring=DocstringRule("whole", False, ()),
    arg_desc_keyword="arg_desc",
    unread_keywords=frozenset({"args", "arg_types"}),
)
_TOOLS = (
    "dspy.Tool",
    "dspy.adapters.Tool",
    "dspy.adapters.types.Tool",
    "dspy.adapters.types.tool.Tool",
)
_REACT = ("dspy.ReAct", "dspy.predict.ReAct", "dspy.predict.react.ReAct")

FRAMEWORK: Final = Framework(
    "dspy",
    "DSPy",
    ("dspy",),
    {},
    calls=dict.fromkeys(_TOOLS, CallRule(_RULE)),
    lists=dict.fromkeys(_REACT, ListRule("agent", _RULE, position=1)),
)
