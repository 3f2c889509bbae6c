"""Semantic Kernel's tools as candidates: a kernel function is named ``plugin-function`` after
each plugin it is added to, a plugin class's kernel functions (its bases' too) one tool each."""

from __future__ import annotations

from toolgen.config import Target
from toolgen.errors import Diagnostics, SourceSpan
from toolgen.frameworks.candidate import Candidate, decorator_qualnames, wanted_owner
from toolgen.frameworks.classes import _with_bases
from toolgen.frameworks.kernel_plugins import SEPARATOR, class_plugin_name, plugin_names
from toolgen.frameworks.rules import DecoratorRule, Framework
from toolgen.frameworks.semantic_kernel import parameter
from toolgen.ir import JsonSchema, Owner
from toolgen.scan.model import ClassDef, Function, ModuleScan, Parameter
from toolgen.scan.resolve import Resolver
from toolgen.scan.schema import SchemaMapper


def prefixes(
    scan: ModuleScan,
    function: Function,
    span: SourceSpan,
    plugins: dict[str, list[tuple[str, SourceSpan]]],
    diags: Diagnostics | None,
) -> list[tuple[str, SourceSpan | None]]:
    """A module-level kernel function's names' prefixes (``weather-``), one per plugin it is
    added to, with where each was read; none (a warning) when no plugin toolgen sees has it."""
    found: list[tuple[str, SourceSpan | None]] = [
        (f"{n}-", at) for n, at in plugins.get(_qual(scan, function), ())
    ]
    if not found and diags is not None:
        diags.warning(
            f"semantic-kernel: kernel function '{function.name}' is added to no "
            "plugin toolgen sees (kernel.add_function(plugin_name, function)); "
            f"toolgen emits it as '{function.name}', as SK sends a function of "
            "no plugin",
            span,
            "runtime-tool",
        )
    return found


def _qual(scan: ModuleScan, function: Function) -> str:
    return f"{scan.module}.{function.name}"


def plugin_functions(
    scan: ModuleScan,
    cls: ClassDef,
    resolver: Resolver,
    target: Target,
    rules: dict[str, DecoratorRule],
    by_name: dict[str, Framework],
    plugins: dict[str, list[tuple[str, SourceSpan]]],
) -> list[Candidate]:
    """A Semantic Kernel plugin class's kernel functions, its own and its scanned bases' (SK
    reads the instance's members, inherited ones too; a method a subclass redefines is the
    subclass's): one tool per plugin name ``plugins`` gives the class, else its class name."""

    owner = Owner(f"{scan.module}:{cls.name}", "plugin")
    if not wanted_owner(target, owner):
        return []
    framework = by_name["semantic-kernel"]
    out: list[Candidate] = []
    seen: set[str] = set()
    named: list[tuple[str, SourceSpan | None]] = list(plugins.get(cls.qualname, ()))
    for current in _with_bases(resolver, cls):
        home = scan if current is cls else resolver.symbols[current.module].scan
        for method in current.functions:
            if method.name in seen:
                continue
            seen.add(method.name)
            for deco, span in zip(method.decorators, method.decorator_spans):
                names = decorator_qualnames(resolver, home.module, deco)
                rule = next((rules[n] for n in sorted(names) if n in rules), None)
                if rule is None or rule.schema_rules != "semantic-kernel":
                    continue
                if not named:  # no add_plugin read: the name add_plugin(Cls()) would give
                    named = [(class_plugin_name(resolver, cls), None)]
                for name, at in named:
                    out.append(
                        Candidate(
                            method,
                            home,
                            deco,
                            span,
                            None,
                            rule,
                            (framework,),
                            owner,
                            cls.name,
                            prefix=f"{name}{SEPARATOR}",
                            class_module=scan.module,
                            named_at=at,
                        )
                    )
                break  # one @kernel_function makes one function
    return out


def plugins(
    scans: list[ModuleScan],
    resolver: Resolver,
    diags: Diagnostics | None,
    modules: frozenset[str] | None,
) -> dict[str, list[tuple[str, SourceSpan]]]:
    """Each Semantic Kernel plugin class's names, from the ``add_plugin`` calls of every scan
    (what they cannot say is a warning in the module that calls)."""
    if not any(s.registrations for s in scans):
        return {}

    return plugin_names(scans, resolver, SchemaMapper(resolver, Diagnostics()), diags, modules)


def kernel_property(
    param: Parameter, mapper: SchemaMapper, module: str
) -> tuple[JsonSchema, bool] | str:
    """A kernel function's parameter as SK sends it and whether it is required, or why it is
    left out (for ``toolgen show``)."""
    mapped = parameter(param, mapper, module)
    if mapped is None:
        return (
            f"parameter '{param.name}' is left out: semantic-kernel: "
            "include_in_function_choices is False"
        )
    return mapped
