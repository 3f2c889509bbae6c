"""Semantic Kernel's preset: ``@kernel_function`` on a plugin class's methods."""

from __future__ import annotations

from typing import Final

from toolgen.frameworks.rules import DecoratorRule, DocstringRule, Framework

# ``@kernel_function`` / ``@kernel_function(name=, description=)``: the description is
# ``description or func.__doc__`` (the whole docstring); parameter descriptions come from
# ``Annotated`` text only (kernel_function_decorator.py).
_RULE = DecoratorRule(
    "semantic-kernel",
    positional=("function", "name", "description"),
    docstring=DocstringRule("whole", False, ("text",)),
    schema_rules="semantic-kernel",
)

FRAMEWORK: Final = Framework(
    "semantic-kernel",
    "Semantic Kernel",
    ("semantic_kernel",),
    dict.fromkeys(
        (
            "semantic_kernel.functions.kernel_function",
            "semantic_kernel.functions.kernel_function_decorator.kernel_function",
        ),
        _RULE,
    ),
    # ``gather_function_parameters`` fills these whatever the model sends (SK still sends
    # them unless marked ``{"include_in_function_choices": False}``: toolgen never does).
    injected_names=("kernel", "service", "execution_settings", "arguments"),
)
