"""Semantic Kernel's side: every plugin of the corpus's kernels as SK sends it to OpenAI.

A kernel is what a corpus module's ``build_kernel()`` returns (called with its defaults, as the
app calls it) or a module-level ``Kernel``; a plugin class the kernels do not hold is added by
its class name (``kernel.add_plugin(Cls())``), as toolgen assumes of a class whose
``add_plugin`` it does not see. Each function is sent as
``kernel_function_metadata_to_function_call_format(metadata)["function"]``
(connectors/ai/function_calling_utils.py, what the OpenAI connector's function calling puts in
``tools``): ``plugin-function`` as the name, the parameters' ``schema_data``.
"""

from __future__ import annotations

import inspect
from types import ModuleType
from typing import Any

from reference_common import instances
from semantic_kernel import Kernel
from semantic_kernel.connectors.ai.function_calling_utils import (
    kernel_function_metadata_to_function_call_format,
)


def _kernels(modules: list[ModuleType]) -> list[Kernel]:
    kernels = instances(modules, Kernel)
    for module in modules:
        build = getattr(module, "build_kernel", None)
        if callable(build) and getattr(build, "__module__", None) == module.__name__:
            kernels.append(build())
    return kernels


def _plugin_classes(modules: list[ModuleType]) -> list[type]:
    """Every class a corpus module defines with a kernel function among its members."""
    found = []
    for module in modules:
        for value in vars(module).values():
            if (
                inspect.isclass(value)
                and value.__module__ == module.__name__
                and any(hasattr(m, "__kernel_function__") for _, m in inspect.getmembers(value))
            ):
                found.append(value)
    return found


def collect(modules: list[ModuleType]) -> list[dict[str, Any]]:
    kernels = _kernels(modules)
    held = {  # the classes of the bound methods the kernels hold (a function has none)
        type(function.method.__self__)
        for kernel in kernels
        for plugin in kernel.plugins.values()
        for function in plugin.functions.values()
        if hasattr(function.method, "__self__")
    }
    rest = Kernel()
    for cls in _plugin_classes(modules):
        if cls not in held:
            rest.add_plugin(cls())
    tools = []
    for kernel in [*kernels, rest]:
        for plugin in kernel.plugins.values():
            for held in plugin.functions.values():
                function = kernel_function_metadata_to_function_call_format(held.metadata)
                function = function["function"]
                # A method's plugin class owns it (``module:Class``, as toolgen names owners).
                instance = getattr(getattr(held, "method", None), "__self__", None)
                owner = type(instance) if instance is not None else None
                tools.append(
                    {
                        "name": function["name"],
                        "description": function["description"],
                        "parameters": function["parameters"],
                        **(
                            {"owner": f"{owner.__module__}:{owner.__qualname__}"}
                            if owner is not None
                            else {}
                        ),
                    }
                )
    return tools
