"""The plugin names Semantic Kernel (semantic-kernel 1.45.0) gives the kernel functions it adds.

The plugin name (functions/kernel_function_extension.py, ``add_plugin``; kernel_plugin.py,
``KernelPlugin.from_object``): the ``plugin_name`` argument, else the instance's ``name``, else
its class's name; ``kernel.add_function(plugin_name, function)`` puts a module-level function in
a plugin. The model sees ``plugin-function`` (``KernelFunctionMetadata.fully_qualified_name``,
separator ``-``).
"""

from __future__ import annotations

import re
from typing import Final

from toolgen.errors import Diagnostics, SourceSpan
from toolgen.frameworks.classes import _with_bases
from toolgen.scan.evaluate import Evaluator
from toolgen.scan.model import Call, ClassDef, Lit, ModuleScan, Name, TExpr
from toolgen.scan.resolve import LocalClass, LocalFunction, Resolver
from toolgen.scan.schema import SchemaMapper

__all__ = ["SEPARATOR", "class_plugin_name", "plugin_names"]

_PLUGIN_NAME: Final = re.compile(r"^[0-9A-Za-z_]+$")
"""``PLUGIN_NAME_REGEX`` (semantic_kernel/utils/validation.py)."""
SEPARATOR: Final = "-"
"""``DEFAULT_FULLY_QUALIFIED_NAME_SEPARATOR`` (semantic_kernel/const.py)."""


def plugin_names(
    scans: list[ModuleScan],
    resolver: Resolver,
    mapper: SchemaMapper,
    diags: Diagnostics | None,
    modules: frozenset[str] | None,
) -> dict[str, list[tuple[str, SourceSpan]]]:
    """Each plugin class's names, by its qualified name, from every ``add_plugin`` call read:
    the ``plugin_name`` given, else the class's name. What cannot be read is a warning (in the
    module being built) saying what toolgen uses instead."""
    found: dict[str, list[tuple[str, SourceSpan]]] = {}
    for scan in scans:
        speak = diags is not None and (modules is None or scan.module in modules)
        for registration in scan.registrations:
            call = registration.call
            # add_plugin(plugin, plugin_name), from_object(plugin_name, plugin_instance),
            # add_function(plugin_name, function)
            places = _PLACES[registration.method]
            plugin, named = (
                (
                    call.args[i]
                    if len(call.args) > i
                    else next((v for k, v in call.kwargs if k == key), None)
                )
                for i, key in places
            )
            if registration.method == "add_function":
                _function_plugin(
                    found, resolver, mapper, scan.module, plugin, named, registration.span
                )
                continue
            cls = _plugin_class(resolver, mapper, scan.module, plugin)
            if cls is None:
                made = plugin.func if isinstance(plugin, Call) else None
                if isinstance(made, Name) and made.dotted.endswith(".from_object"):
                    continue  # KernelPlugin.from_object(...): read as its own registration
                if speak and diags is not None and plugin is not None:
                    diags.warning(
                        "semantic-kernel: add_plugin's plugin is not an instance of a class "
                        "toolgen reads (ClassName(...), a module-level name bound to one, or a "
                        "call of a function annotated to return one); "
                        "its functions keep their class's name as the plugin name",
                        registration.span,
                        "runtime-tool",
                    )
                continue
            name = class_plugin_name(resolver, cls)
            unnamed = named is None or (isinstance(named, Lit) and named.value is None)
            if unnamed and speak and diags is not None:
                _warn_init_name(resolver, cls, name, diags)
            if not unnamed and named is not None:
                folded = mapper.evaluator.fold(named, scan.module)
                if folded.ok and isinstance(folded.value, str) and folded.value:
                    name = folded.value
                    if not _PLUGIN_NAME.match(name) and speak and diags is not None:
                        diags.error(
                            f"semantic-kernel: plugin name '{name}' is refused by Semantic "
                            "Kernel (letters, digits and '_' only: add_plugin raises)",
                            registration.span,
                            "bad-name",
                        )
                elif speak and diags is not None:
                    diags.warning(
                        f"semantic-kernel: the plugin_name of '{cls.name}' cannot be known "
                        f"statically; toolgen uses the name '{name}'",
                        registration.span,
                        "runtime-tool",
                    )
            names = found.setdefault(cls.qualname, [])
            if all(n != name for n, _ in names):
                names.append((name, registration.span))
    return found


_PLACES: Final = {
    "add_plugin": ((0, "plugin"), (1, "plugin_name")),
    "from_object": ((1, "plugin_instance"), (0, "plugin_name")),
    "add_function": ((1, "function"), (0, "plugin_name")),
}
"""Where each registering call takes the plugin (or function) and its name."""


def _function_plugin(
    found: dict[str, list[tuple[str, SourceSpan]]],
    resolver: Resolver,
    mapper: SchemaMapper,
    module: str,
    function: TExpr | None,
    named: TExpr | None,
    span: SourceSpan,
) -> None:
    """``kernel.add_function("math", add)``: a module-level kernel function's plugin name,
    keyed by the function's qualified name (a name that does not fold is not taken)."""
    if not isinstance(function, Name) or named is None:
        return
    target = resolver.resolve(module, function.dotted)
    folded = mapper.evaluator.fold(named, module)
    if isinstance(target, LocalFunction) and folded.ok and isinstance(folded.value, str):
        key = f"{resolver.module_name(target.module)}.{target.function.name}"
        names = found.setdefault(key, [])
        if all(n != folded.value for n, _ in names):
            names.append((folded.value, span))


def _warn_init_name(resolver: Resolver, cls: ClassDef, name: str, diags: Diagnostics) -> None:
    """A plugin added without ``plugin_name`` whose ``__init__`` (or a scanned base's) assigns
    ``self.name``: its plugin name is the constructor's to decide."""

    for current in _with_bases(resolver, cls):
        for attr, span in current.set_in_init:
            if attr == "name":
                diags.warning(
                    f"semantic-kernel: plugin '{cls.name}': {current.name}.__init__ sets "
                    "self.name, which add_plugin takes for the plugin name and toolgen cannot "
                    f"know statically; toolgen uses '{name}'",
                    span,
                    "runtime-tool",
                )
                return


def class_plugin_name(resolver: Resolver, cls: ClassDef) -> str:
    """The name ``add_plugin`` gives a plugin without ``plugin_name``: the instance's ``name``
    attribute (a class attribute, own or a scanned base's, that folds to a string), else the
    class's name (``getattr(plugin, "name", plugin.__class__.__name__)``)."""

    for current in _with_bases(resolver, cls):
        written = dict(current.members)
        written.update({f.name: f.default for f in current.fields if f.default is not None})
        if "name" in written:
            folded = Evaluator(resolver).fold(written["name"], current.module)
            return folded.value if folded.ok and isinstance(folded.value, str) else cls.name
    return cls.name


def _plugin_class(
    resolver: Resolver, mapper: SchemaMapper, module: str, plugin: TExpr | None
) -> ClassDef | None:
    """The class ``WeatherPlugin(...)`` (or a module-level name bound to it) instantiates, or
    that a factory's return annotation names (``make_plugin() -> WeatherPlugin``)."""
    if plugin is None:
        return None
    expr, where = mapper.evaluator.deref(plugin, module)
    if isinstance(expr, Call) and isinstance(expr.func, Name):
        found = resolver.resolve(where, expr.func.dotted)
        if isinstance(found, LocalFunction) and isinstance(found.function.returns, Name):
            found = resolver.resolve(found.module, found.function.returns.dotted)
        if isinstance(found, LocalClass):
            return found.cls
    return None
