"""Which functions are tools, by whose rules, and which of their parameters the framework injects.

A function is a tool when one of its decorators resolves (through the file's imports, never by
spelling) to toolgen's ``tool``, a configured decorator, or a framework preset's decorator —
including a method of a framework class used on an instance (``mcp = FastMCP(...)``,
``@mcp.tool()``), of a parametrised one (``agent = Agent[Deps, Out](...)``) or of a local
subclass (``class MyServer(FastMCP)``, ``app = MyServer(...)``); or, with ``select = "public"``,
when it is a public module-level function.
"""

from __future__ import annotations

from toolgen.config import Target
from toolgen.errors import Diagnostics, SourceSpan
from toolgen.frameworks import (
    CONFIGURED_RULE,
    TOOLGEN_RULE,
    DecoratorRule,
    Framework,
    active,
)
from toolgen.frameworks import kernel_tools as kernel
from toolgen.frameworks.agno import TOOLKITS
from toolgen.frameworks.candidate import (
    TOOL_DECORATOR,
    Candidate,
    decorator_qualnames,
    wanted_owner,
)
from toolgen.frameworks.owners import class_lineage, owner_of
from toolgen.frameworks.references import references
from toolgen.ir import Owner
from toolgen.scan.model import (
    Call,
    Function,
    Lit,
    ModuleScan,
    Name,
    Or,
    Parameter,
    Sub,
    TExpr,
)
from toolgen.scan.resolve import Resolver
from toolgen.scan.schema import SchemaMapper, parse_annotation

__all__ = [
    "TOOL_DECORATOR",
    "Candidate",
    "decorator_qualnames",
    "decorator_rules",
    "injected_by",
    "select_tools",
    "wanted_owner",
    "warn_decorated_methods",
]


def decorator_rules(target: Target) -> dict[str, DecoratorRule]:
    """Every decorator that marks tools, by qualified name: toolgen's, the presets', the
    configured ones (a preset's rule wins for a decorator it knows)."""
    rules: dict[str, DecoratorRule] = {TOOL_DECORATOR: TOOLGEN_RULE}
    for name in target.decorators:
        rules[name] = CONFIGURED_RULE
    for framework in active(target.frameworks):
        rules.update(framework.decorators)
    return rules


def _imported_frameworks(
    scan: ModuleScan, frameworks: tuple[Framework, ...]
) -> tuple[Framework, ...]:
    targets = [t for _, t in scan.imports]
    return tuple(
        f
        for f in frameworks
        if any(t == m or t.startswith(m + ".") for t in targets for m in f.modules)
    )


def select_tools(
    scans: list[ModuleScan],
    resolver: Resolver,
    target: Target,
    modules: frozenset[str] | None = None,
    diags: Diagnostics | None = None,
) -> list[Candidate]:
    """The functions that are tools (in ``modules``, if given), stubs deciding over
    implementations: decorated ones, then those that calls and tools lists make
    (:mod:`toolgen.frameworks.references`; ``diags`` gets what those cannot read)."""
    rules = decorator_rules(target)
    presets = active(target.frameworks)
    by_name = {f.name: f for f in presets}
    stubbed = {s.module for s in scans if s.is_stub}
    impl_docs = {
        (s.module, f.name): f.docstring for s in scans if not s.is_stub for f in s.functions
    }
    out: list[Candidate] = []
    plugins = (
        kernel.plugins(scans, resolver, diags, modules) if "semantic-kernel" in by_name else {}
    )

    def _is_tool(function: Function, module: str) -> bool:
        """A decorator, or ``select = "public"``, made it a tool already, in its module."""
        if target.select == "public" and not function.name.startswith("_"):
            return True
        return any(
            decorator_qualnames(resolver, module, d) & rules.keys() for d in function.decorators
        )

    def _decorations(
        function: Function, module: str
    ) -> list[tuple[TExpr | None, SourceSpan, DecoratorRule]]:
        """Each registering decorator makes a tool (two ``@server.tool(name=...)`` on one
        function register it twice); toolgen's own ``@tool`` counts once."""
        found: list[tuple[TExpr | None, SourceSpan, DecoratorRule]] = []
        for deco, deco_span in zip(function.decorators, function.decorator_spans):
            names = decorator_qualnames(resolver, module, deco)
            matched = [rules[n] for n in sorted(names) if n in rules]
            if matched and not (matched[0] is TOOLGEN_RULE and found):
                found.append((deco, deco_span, matched[0]))
        return found

    for scan in scans:
        if scan.module in stubbed and not scan.is_stub:
            continue
        if modules is not None and scan.module not in modules:
            continue
        imported = _imported_frameworks(scan, presets)
        for function in scan.functions:
            found = _decorations(function, scan.module)
            if not found:
                if target.select != "public" or function.name.startswith("_"):
                    continue
                plain = next((f.public for f in imported if f.public is not None), None)
                if plain is None and target.frameworks is not None:
                    # ``frameworks = ["google-adk"]``: its rules for every public function.
                    plain = next((f.public for f in presets if f.public is not None), None)
                plain = plain or TOOLGEN_RULE
                found.append((None, function.span, plain))
            for decorator, span, rule in found:
                own = by_name.get(rule.framework)
                owner = owner_of(resolver, scan.module, decorator, presets)
                if not wanted_owner(target, owner):
                    continue
                # A module-level kernel function: named after the plugins it is added to.
                prefixes: list[tuple[str, SourceSpan | None]] = [("", None)]
                if rule.schema_rules == "semantic-kernel":
                    prefixes = kernel.prefixes(scan, function, span, plugins, diags)
                for prefix, at in prefixes or [("", None)]:
                    out.append(
                        Candidate(
                            function,
                            scan,
                            decorator,
                            span,
                            impl_docs.get((scan.module, function.name)),
                            rule,
                            (own,) if own is not None else imported,
                            owner,
                            prefix=prefix,
                            named_at=at,
                        )
                    )
        for ref in references(scan, resolver, presets, diags, _is_tool):
            if not wanted_owner(target, ref.owner):
                continue
            if ref.decorated:  # read by its decorators, as in its module, and owned by the list
                home = ref.module
                for decorator, span, rule in _decorations(ref.function, home.module):
                    own = by_name.get(rule.framework)
                    out.append(
                        Candidate(
                            ref.function,
                            home,
                            decorator,
                            span,
                            impl_docs.get((home.module, ref.function.name)),
                            rule,
                            (own,) if own is not None else _imported_frameworks(home, presets),
                            ref.owner,
                        )
                    )
                continue
            out.append(
                Candidate(
                    ref.function,
                    ref.module,
                    ref.call,
                    ref.span,
                    impl_docs.get((ref.module.module, ref.function.name)),
                    ref.rule,
                    (ref.framework,),
                    ref.owner,
                    method_of=ref.method_of,
                    call_module=ref.called_in or scan.module,
                    class_module=ref.class_module,
                )
            )
        out.extend(_methods(scan, resolver, target, rules, presets, by_name, plugins))
    return out


def _methods(
    scan: ModuleScan,
    resolver: Resolver,
    target: Target,
    rules: dict[str, DecoratorRule],
    presets: tuple[Framework, ...],
    by_name: dict[str, Framework],
    plugins: dict[str, list[tuple[str, SourceSpan]]],
) -> list[Candidate]:
    """A framework's decorator on a method (``@tool`` inside a class): a tool of the class (a
    toolkit), or of the instance the decorator is a method of; ``self``/``cls`` is dropped.
    A Semantic Kernel plugin class's: one tool per plugin name ``plugins`` gives it (else its
    class name), named ``plugin-function``.
    toolgen's own ``@tool`` and configured decorators stay module-level only (a warning)."""

    out: list[Candidate] = []
    for cls in scan.classes:
        if TOOLKITS & set(class_lineage(resolver, scan.module, Name(cls.name))):
            continue  # an agno toolkit's tools are those it registers (frameworks.agno)
        for method in cls.functions:
            for deco, span in zip(method.decorators, method.decorator_spans):
                names = decorator_qualnames(resolver, scan.module, deco)
                rule = next((rules[n] for n in sorted(names) if n in rules), None)
                own = by_name.get(rule.framework) if rule is not None else None
                if rule is None or own is None or rule.schema_rules == "semantic-kernel":
                    continue
                owner = owner_of(resolver, scan.module, deco, presets) or Owner(
                    f"{scan.module}:{cls.name}", "toolkit"
                )
                if wanted_owner(target, owner):
                    out.append(
                        Candidate(method, scan, deco, span, None, rule, (own,), owner, cls.name)
                    )
        if "semantic-kernel" in by_name:
            out.extend(
                kernel.plugin_functions(scan, cls, resolver, target, rules, by_name, plugins)
            )
    return out


def warn_decorated_methods(
    scans: list[ModuleScan],
    resolver: Resolver,
    target: Target,
    diags: Diagnostics,
    modules: frozenset[str] | None,
) -> None:
    """toolgen's own or a configured tool decorator on a method is most likely a mistake: say
    that only functions are read (a framework's decorator on a method is read: :func:`_methods`)."""
    presets = {f.name for f in active(target.frameworks)}
    wanted = {k for k, r in decorator_rules(target).items() if r.framework not in presets}
    for scan in scans:
        if modules is not None and scan.module not in modules:
            continue
        for cls in scan.classes:
            for name, decorators, span in cls.methods:
                if any(decorator_qualnames(resolver, scan.module, d) & wanted for d in decorators):
                    diags.warning(
                        f"method '{cls.name}.{name}' is marked as a tool, but toolgen reads "
                        "module-level functions only; it is left out",
                        span,
                        "method",
                    )


def injected_by(
    c: Candidate, index: int, param: Parameter, mapper: SchemaMapper, target: Target
) -> str | None:
    """Why a parameter is the framework's and not the model's (the rule, for ``show``), or
    ``None`` when the model fills it."""
    module = c.module.module
    if index == 0 and c.rule.first_injected:
        return f"{c.rule.framework}: the first parameter is the run context"
    for framework in c.frameworks:
        if param.name in framework.injected_names:
            return f"{framework.name}: injects the parameter named '{param.name}'"
    if param.annotation is None:
        return None
    annotation = param.annotation
    if isinstance(annotation, Lit) and isinstance(annotation.value, str):
        annotation = parse_annotation(annotation.value)  # ``ctx: "Context"``
    if c.rule.bare_injected and isinstance(annotation, Name):
        bare = set(class_lineage(mapper.resolver, module, annotation)) & set(c.rule.bare_injected)
        if bare:
            return f"{c.rule.framework}: hides a parameter typed {sorted(bare)[0]} itself"
    # The classes the annotation answers to, only when some type is injected: most parameters
    # of most modules meet none, and resolving every annotation's lineage cost a build ~1 %.
    typed = target.injected_types or any(f.injected_types for f in c.frameworks)
    lineage = set(_outer_lineage(mapper, annotation, module)) if typed else set()
    if lineage & set(target.injected_types):
        return f"injected_types: {sorted(lineage & set(target.injected_types))[0]}"
    for framework in c.frameworks:
        hit = lineage & set(framework.injected_types)
        if hit:
            return f"{framework.name}: injects {sorted(hit)[0]} (and subclasses)"
        marker = _marker(mapper, annotation, param.default, module, framework.injected_markers)
        if marker is not None:
            return f"{framework.name}: marked {marker}"
    return None


def _outer_lineage(mapper: SchemaMapper, expr: TExpr, module: str) -> list[str]:
    """The classes an annotation's outermost type answers to, through ``Annotated``,
    ``Optional``/``X | None`` and parametrisation (``RunContextWrapper[Deps]``)."""
    for _ in range(20):
        expr, module = mapper.evaluator.deref(expr, module)  # ``AppContext = Context[State]``
        if isinstance(expr, Sub):
            base = mapper.qualname(expr.base, module)
            if base in ("typing.Annotated", "typing.Optional") and expr.args:
                expr = expr.args[0]
                continue
            if base == "typing.Union":
                expr = Or(expr.args)
                continue
            return class_lineage(mapper.resolver, module, expr)
        if isinstance(expr, Or):
            named = [e for e in expr.items if not (isinstance(e, Lit) and e.value is None)]
            named = [e for e in named if not (isinstance(e, Name) and e.dotted == "None")]
            if len(named) != 1:
                return []
            expr = named[0]
            continue
        return class_lineage(mapper.resolver, module, expr)
    return []


def _marker(
    mapper: SchemaMapper,
    annotation: TExpr,
    default: TExpr | None,
    module: str,
    markers: tuple[str, ...],
) -> str | None:
    """An ``Annotated`` metadata item (or the default, ``Depends(...)``) that hides a parameter."""
    if not markers:
        return None
    items: list[tuple[TExpr, str]] = [(default, module)] if default is not None else []
    expr = annotation
    for _ in range(20):
        expr, module = mapper.evaluator.deref(
            expr, module
        )  # ``Account = Annotated[str, Resolve()]``
        if isinstance(expr, Sub) and mapper.qualname(expr.base, module) == "typing.Annotated":
            items.extend((item, module) for item in expr.args[1:])
            expr = expr.args[0] if expr.args else expr
        elif isinstance(expr, Sub) and mapper.qualname(expr.base, module) == "typing.Optional":
            expr = expr.args[0] if expr.args else expr
        else:
            break
    for item, where in items:
        item, where = mapper.evaluator.deref(item, where)
        target = item.func if isinstance(item, Call) else item
        while isinstance(target, Sub):
            target = target.base
        if isinstance(target, Name):
            for qual in class_lineage(mapper.resolver, where, target) or [
                mapper.resolver.qualname_of(where, target.dotted) or ""
            ]:
                if qual in markers or any(
                    m.endswith(".*") and qual.startswith(m[:-1]) for m in markers
                ):
                    return qual
    return None
