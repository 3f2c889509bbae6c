"""Tools made by calls and passed by reference: ``search = Tool(fn, name=...)``,
``agent = Agent(tools=[f, FunctionTool(g)])``, ``mcp.add_tool(fn)``, read at module level through
the file's imports.

Each module-level assignment whose value is a framework's tool-making call is a tool of no
owner; one whose value is a framework's constructor with a tools list owns every tool the list
names: a plain function (read by the framework's rule for plain functions) or a bound method, a
tool-making call or a name bound to one (in any scanned module), a decorated function (read by
its decorator); the list may be a factory's (``tools=make_tools()``). A statement that calls a
framework's registering method on an instance (``mcp.add_tool(fn)``) gives it the tool.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from toolgen.errors import Diagnostics, SourceSpan
from toolgen.frameworks.bound import Bound, Unread, bound_method
from toolgen.frameworks.owners import class_lineage
from toolgen.frameworks.presets import TOOLGEN_RULE, owner_kind
from toolgen.frameworks.rules import CallRule, DecoratorRule, Framework, ListRule
from toolgen.ir import Owner
from toolgen.scan.model import Call, Function, ModuleScan, Name, Seq, TExpr
from toolgen.scan.resolve import LocalAlias, LocalFunction, Resolver


@dataclass(frozen=True, slots=True)
class Reference:
    """A function that a call or a list makes a tool, and the rule it is read by."""

    function: Function
    module: ModuleScan
    """The module that defines the function."""
    call: Call | None
    """The tool-making call (its name and description arguments), ``None`` for a bare function."""
    span: SourceSpan
    rule: DecoratorRule
    framework: Framework
    owner: Owner | None
    called_in: str = ""
    """The module the call or list is written in (a factory's, for the list it returns)."""
    method_of: str | None = None
    """The class whose method the function is, called bound (``service.search``): the
    instance's class, which may inherit it."""
    class_module: str | None = None
    """The module of ``method_of``'s class, when it inherits the method from another module."""
    decorated: bool = False
    """The function is a decorated tool already: its decorators read it (``rule`` aside), and
    this list's owner owns that tool too (assembly drops its copy of no owner)."""


def _call_rule(
    resolver: Resolver, module: str, expr: TExpr, frameworks: tuple[Framework, ...]
) -> tuple[CallRule, Framework] | None:
    if not isinstance(expr, Call) or not isinstance(expr.func, Name):
        return None
    qual = resolver.qualname_of(module, expr.func.dotted)
    for framework in frameworks:
        rule = framework.calls.get(qual or "")
        if rule is not None:
            return rule, framework
    return None


def _list_rule(
    resolver: Resolver, module: str, expr: TExpr, frameworks: tuple[Framework, ...]
) -> tuple[ListRule, Framework] | None:
    if not isinstance(expr, Call):
        return None
    for qual in class_lineage(resolver, module, expr.func):
        for framework in frameworks:
            rule = framework.lists.get(qual)
            if rule is not None:
                return rule, framework
    return None


def _function(resolver: Resolver, module: str, expr: TExpr | None) -> LocalFunction | None:
    if not isinstance(expr, Name):
        return None
    found = resolver.resolve(module, expr.dotted)
    return found if isinstance(found, LocalFunction) else None


def _called(call: Call, rule: CallRule) -> TExpr | None:
    """The function a tool-making call is given."""
    positional = rule.rule.positional
    for index, value in enumerate(call.args):
        if index < len(positional) and positional[index] in ("function", "coroutine"):
            return value
    # In the rule's order, not the call's: ``fn or async_fn`` is what the framework reads.
    given = dict(call.kwargs)
    return next((given[k] for k in rule.function_keywords if k in given), None)


def _from_call(
    resolver: Resolver,
    scan: ModuleScan,
    call: Call,
    found: tuple[CallRule, Framework],
    span: SourceSpan,
    owner: Owner | None,
    diags: Diagnostics | None,
) -> Reference | None:
    rule, framework = found
    if rule.needs_description and diags is not None and not _describes(call, rule.rule):
        diags.warning(
            f"{framework.name}: this call is given no description, which it requires (the call "
            "raises TypeError); toolgen's tool has none",
            span,
            "unread-tool",
        )
    given = _called(call, rule)
    local = _function(resolver, scan.module, given)
    if local is None:
        method = bound_method(resolver, scan.module, given)
        if isinstance(method, Bound):
            defining = resolver.symbols[method.cls.module].scan
            return Reference(
                method.function,
                defining,
                call,
                span,
                rule.rule,
                framework,
                owner,
                scan.module,
                method.holder.name,
                class_module=resolver.module_name(method.holder.module),
            )
        if isinstance(method, Unread):
            _unread(framework, method, span, diags)
            return None
        if diags is not None:
            diags.warning(
                f"{framework.name}: the function this call makes a tool of is not a function "
                "toolgen can read (a name bound to a def in a scanned module); it is left out",
                span,
                "unread-tool",
            )
        return None
    defining = resolver.symbols[local.module].scan
    return Reference(local.function, defining, call, span, rule.rule, framework, owner, scan.module)


def references(
    scan: ModuleScan,
    resolver: Resolver,
    frameworks: tuple[Framework, ...],
    diags: Diagnostics | None = None,
    is_tool: Callable[[Function, str], bool] = lambda function, module: False,
) -> list[Reference]:
    """The tools ``scan``'s module-level assignments make by calls and lists, in source order.

    ``is_tool(function, module)``: whether a function is a tool already (decorated, or public
    with ``select = "public"``); listed, it stays that tool, read by those rules."""
    out: list[Reference] = []
    listed: set[str] = set()  # names of tool-making assignments a list of this module owns
    lists: list[tuple[str, Call, SourceSpan, ListRule, Framework]] = []
    for alias in scan.aliases:
        found = _list_rule(resolver, scan.module, alias.value, frameworks)
        if found is not None and isinstance(alias.value, Call):
            lists.append((alias.name, alias.value, alias.span, *found))
    for name, call, span, rule, framework in lists:
        owner = Owner(f"{scan.module}:{name}", rule.kind)
        given = next((v for k, v in call.kwargs if k == rule.keyword), None)
        if given is None and rule.position is not None and len(call.args) > rule.position:
            given = call.args[rule.position]
        if given is None:
            continue
        for keyword, at in rule.unread:
            if diags is not None and (
                any(k == keyword for k, _ in call.kwargs) or len(call.args) > at
            ):
                diags.warning(
                    f"{framework.name}: '{name}' is given {keyword}, which rename or redescribe "
                    "its tools when it lists them; toolgen emits each tool's own name and "
                    "description",
                    span,
                    "unread-tools",
                )
        home = scan
        if isinstance(given, Call):  # ``tools=make_tools()``: the factory's ``return [...]``
            returned, home, why = _factory(resolver, scan, given)
            if why is not None:
                if diags is not None:
                    diags.warning(
                        f"{framework.name}: the tools of '{name}' {why}", span, "unread-tools"
                    )
                continue
            given = returned or given
        if not isinstance(given, Seq):
            if diags is not None:
                diags.warning(
                    f"{framework.name}: the tools of '{name}' are not a list written here "
                    "(built at run time); toolgen takes none of them for it",
                    span,
                    "unread-tools",
                )
            continue
        for item in given.items:
            ref = _listed(
                resolver, home, item, span, (rule, framework, owner), diags, listed, is_tool
            )
            if ref is not None:
                out.append(ref)
    for nested in scan.nested_lists:
        listing = _list_rule(resolver, scan.module, nested.call, frameworks)
        if listing is not None and diags is not None:
            diags.warning(
                f"{listing[1].name}: this {nested.method} is made inside a function, whose tools "
                "toolgen does not read (only the lists of module-level assignments are); its "
                "tools are not emitted as its own",
                nested.span,
                "unread-tools",
            )
    out.extend(_registered(scan, resolver, frameworks, diags, is_tool))
    for alias in scan.aliases:
        if alias.name in listed or not isinstance(alias.value, Call):
            continue
        made = _call_rule(resolver, scan.module, alias.value, frameworks)
        if made is not None:
            ref = _from_call(resolver, scan, alias.value, made, alias.span, None, diags)
            if ref is not None:
                out.append(ref)
    return out


def _describes(call: Call, rule: DecoratorRule) -> bool:
    """Whether a call is given a description, by position or by keyword."""
    at = rule.positional.index("description") if "description" in rule.positional else None
    return (at is not None and len(call.args) > at) or any(
        key in rule.description_keywords for key, _ in call.kwargs
    )


def _factory(
    resolver: Resolver, scan: ModuleScan, call: Call
) -> tuple[Seq | None, ModuleScan, str | None]:
    """The list a factory call returns (``make_tools()`` of ``def make_tools(): return [...]``),
    with the module whose names it is read in; or why it cannot be read: the list names the
    factory's parameters (made per call). ``None``: no factory of a list."""
    found = _function(resolver, scan.module, call.func)
    if found is None or not isinstance(found.function.returned, Seq):
        return None, scan, None
    params = {p.name for p in found.function.params}
    used = sorted(params & set(_names(found.function.returned)))
    if used:
        return (
            None,
            scan,
            f"are made by {found.function.name}(), whose list depends on its parameters "
            f"({', '.join(repr(u) for u in used)}); toolgen takes none of them for it",
        )
    return found.function.returned, resolver.symbols[found.module].scan, None


def _names(expr: object) -> Iterator[str]:
    """The first part of every name an expression uses."""
    if isinstance(expr, Name):
        yield expr.dotted.split(".")[0]
    elif isinstance(expr, tuple):
        for item in expr:
            yield from _names(item)
    elif dataclasses.is_dataclass(expr):
        for each in dataclasses.fields(expr):
            yield from _names(getattr(expr, each.name))


def _registered(
    scan: ModuleScan,
    resolver: Resolver,
    frameworks: tuple[Framework, ...],
    diags: Diagnostics | None,
    is_tool: Callable[[Function, str], bool],
) -> list[Reference]:
    """Tools a module-level statement registers on an instance: ``mcp.add_tool(fn, ...)``,
    ``toolset.add_function(fn, ...)``, where the method of the instance's class (or of an
    ancestor) is a framework's tool-making call; the instance owns the tool."""
    out: list[Reference] = []
    for statement in scan.statements:
        call = statement.value
        if not isinstance(call, Call) or not isinstance(call.func, Name):
            continue
        instance, _, method = call.func.dotted.rpartition(".")
        found = resolver.resolve(scan.module, instance)
        if not isinstance(found, LocalAlias) or not isinstance(found.alias.value, Call):
            continue
        lineage = class_lineage(resolver, found.module, found.alias.value.func)
        made = next(
            (
                (framework.calls[f"{cls}.{method}"], framework)
                for cls in lineage
                for framework in frameworks
                if f"{cls}.{method}" in framework.calls
            ),
            None,
        )
        if made is None:
            continue
        kind = owner_kind(lineage, frameworks) or "toolset"
        owner = Owner(f"{resolver.module_name(found.module)}:{found.alias.name}", kind)
        local = _function(resolver, scan.module, _called(call, made[0]))
        if local is not None and is_tool(local.function, resolver.module_name(local.module)):
            # ``@tool`` then ``mcp.add_tool(fn)`` (fastmcp): the decorator's tool, the server's
            defining = resolver.symbols[local.module].scan
            out.append(
                Reference(
                    local.function,
                    defining,
                    None,
                    statement.span,
                    made[0].rule,
                    made[1],
                    owner,
                    decorated=True,
                )
            )
            continue
        ref = _from_call(resolver, scan, call, made, statement.span, owner, diags)
        if ref is not None:
            out.append(ref)
    return out


def _unread(
    framework: Framework, method: Unread, span: SourceSpan, diags: Diagnostics | None
) -> None:
    if diags is not None:
        diags.warning(
            f"{framework.name}: '{method.cls.name}.{method.method}' is a method toolgen does not "
            f"read: it reads a method's signature where it is decorated, or where its class's "
            f"own module makes an instance of it at module level ({method.cls.module}); it is "
            "left out",
            span,
            "unread-tool",
        )


def _listed(
    resolver: Resolver,
    scan: ModuleScan,
    item: TExpr,
    span: SourceSpan,
    whose: tuple[ListRule, Framework, Owner],
    diags: Diagnostics | None,
    listed: set[str],
    is_tool: Callable[[Function, str], bool],
) -> Reference | None:
    """One item of an owner's tools list as a tool, if it is one toolgen makes here: a
    tool-making call, a name bound to one in this module, a function, or a bound method."""
    rule, framework, owner = whose
    made = _call_rule(resolver, scan.module, item, (framework,))
    if made is not None and isinstance(item, Call):
        return _from_call(resolver, scan, item, made, span, owner, diags)
    found = resolver.resolve(scan.module, item.dotted) if isinstance(item, Name) else None
    if isinstance(found, LocalAlias):
        value = found.alias.value
        made = _call_rule(resolver, found.module, value, (framework,))
        if made is not None and isinstance(value, Call):
            if found.module == scan.module:
                listed.add(found.alias.name)
            # Made in another module, that module's build makes it a tool of no owner too:
            # assembly keeps the owners' (toolgen.ownership.claimed).
            written = resolver.symbols[found.module].scan
            return _from_call(resolver, written, value, made, found.alias.span, owner, diags)
    if isinstance(found, LocalFunction):
        if is_tool(found.function, resolver.module_name(found.module)):
            defining = resolver.symbols[found.module].scan
            made_by = rule.plain or TOOLGEN_RULE  # unread: the decorators decide
            return Reference(
                found.function, defining, None, span, made_by, framework, owner, decorated=True
            )
        function, method_of, home, held_in = found.function, None, found.module, None
    else:
        method = bound_method(resolver, scan.module, item)
        if isinstance(method, Unread):
            _unread(framework, method, span, diags)
        if not isinstance(method, Bound):
            return None
        function, method_of, home = method.function, method.holder.name, method.cls.module
        held_in = resolver.module_name(method.holder.module)
    if rule.plain is None:
        if diags is not None:
            named = item.dotted if isinstance(item, Name) else f"{method_of}.{function.name}"
            diags.warning(
                f"{framework.name}: '{named}' in the tools of '{owner.id}' is a plain function, "
                f"which this framework does not take as a tool (wrap it in "
                f"{rule.wrapper or 'one of its tools'}); it is left out",
                span,
                "plain-function-tool",
            )
        return None
    defining = resolver.symbols[home].scan
    return Reference(
        function,
        defining,
        None,
        span,
        rule.plain,
        framework,
        owner,
        scan.module,
        method_of,
        class_module=held_in,
    )


__all__ = ["Reference", "references"]
