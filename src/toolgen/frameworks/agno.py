"""agno ``Toolkit`` subclasses: the tools a toolkit's constructor registers, read from its
``__init__`` steps (:mod:`toolgen.scan.init_steps`) with the constructor's default arguments.

agno 3.1.10 (agno/tools/toolkit.py): ``Toolkit.__init__(name, id, tools, ...)`` registers each
of ``tools`` (``register``: a callable's ``__name__``, or a ``@tool`` ``Function``'s name, unless
``register(fn, name=...)`` renames it), keeps those ``include_tools`` names and drops those
``exclude_tools`` names, and registers nothing with ``auto_register=False``. Toolkits build the
list in their constructor: ``tools = [self.a]``, ``if enable_b or all: tools.append(self.b)``,
``tools.extend([...])``, ``tools += [...]``, then ``super().__init__(name=..., tools=tools,
**kwargs)``, or call ``self.register(self.c)``; a subclass passes its flags on to its base's
constructor. A registration under an ``if`` on a constructor argument is read with the
argument's default value, and said (a warning): an instance made with other arguments has
other tools. What the toolkit's ``name`` is does not reach the model; the toolkit class is the
tools' owner (each toolkit is its own namespace of tool names).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from toolgen.errors import Diagnostics, SourceSpan
from toolgen.frameworks import agno_values
from toolgen.frameworks.agno_values import UNKNOWN, Ref
from toolgen.frameworks.classes import _method, _with_bases
from toolgen.frameworks.owners import class_lineage
from toolgen.ir import Owner
from toolgen.scan.model import (
    Call,
    ClassDef,
    Function,
    InitStep,
    ModuleScan,
    Name,
    Seq,
    TExpr,
)
from toolgen.scan.resolve import LocalClass, LocalFunction, Resolver
from toolgen.scan.schema import SchemaMapper

TOOLKITS: Final = frozenset({"agno.tools.Toolkit", "agno.tools.toolkit.Toolkit"})
"""agno's toolkit class, by every public import path."""
_TOOLKIT_PARAMS: Final = ("name", "id", "tools")
"""``Toolkit.__init__``'s leading positional parameters (the rest are passed by keyword)."""
_DEPTH: Final = 20
"""How many constructors of a lineage are followed (``super().__init__`` into a base's)."""


@dataclass(frozen=True, slots=True)
class Registered:
    """One tool a toolkit registers: a method of the toolkit (or a module-level function), the
    name ``register(..., name=...)`` gives it, if any, and the toolkit that owns it."""

    function: Function
    module: ModuleScan
    """The module that defines the function."""
    method_of: str | None
    """The class defining the method (``None``: a module-level function)."""
    alias: str | None
    toolkit: ClassDef
    owner: Owner


@dataclass(slots=True)
class _Run:
    """One toolkit's reading: what it registers (by name, the last registration winning as in
    agno's ``functions`` dict) and where."""

    toolkit: ClassDef
    resolver: Resolver
    mapper: SchemaMapper
    diags: Diagnostics
    found: dict[str, tuple[TExpr, str, str | None, SourceSpan]]
    """Registered name → (the reference, the module it is written in, its alias, where)."""
    flags: set[str] = field(default_factory=set)
    """The constructor arguments a registration depends on."""


def toolkit_tools(
    scans: list[ModuleScan],
    resolver: Resolver,
    mapper: SchemaMapper,
    diags: Diagnostics,
    modules: frozenset[str] | None,
) -> list[Registered]:
    """The tools every agno ``Toolkit`` subclass of ``modules`` registers, read as agno does."""
    out: list[Registered] = []
    for scan in scans:
        if modules is not None and scan.module not in modules:
            continue
        for cls in scan.classes:
            lineage = class_lineage(resolver, scan.module, Name(cls.name))
            if not TOOLKITS & set(lineage[1:]):
                continue
            out.extend(_toolkit(cls, resolver, mapper, diags))
        _instances(scan, resolver, mapper, diags)
    return out


_DECIDING: Final = frozenset({"tools", "include_tools", "exclude_tools", "auto_register"})
"""``Toolkit.__init__``'s arguments that decide which tools an instance has."""


def _instances(
    scan: ModuleScan, resolver: Resolver, mapper: SchemaMapper, diags: Diagnostics
) -> None:
    """A toolkit made at module level, alone or in an agent's tools list, with arguments its
    registrations depend on: a warning, as toolgen reads the class with its defaults."""
    for alias in scan.aliases:
        if not isinstance(alias.value, Call):
            continue
        calls = [alias.value]
        for value in (*alias.value.args, *(v for _, v in alias.value.kwargs)):
            if isinstance(value, Seq):
                calls.extend(item for item in value.items if isinstance(item, Call))
        for call in calls:
            found = (
                resolver.resolve(scan.module, call.func.dotted)
                if isinstance(call.func, Name)
                else None
            )
            if not isinstance(found, LocalClass):
                continue
            lineage = class_lineage(resolver, scan.module, call.func)
            if not TOOLKITS & set(lineage[1:]):
                continue
            quiet = _Run(found.cls, resolver, mapper, Diagnostics(), {})
            init = _constructor(resolver, found.cls)
            if init is not None:
                _construct(quiet, init, {}, 0)
            given = sorted({k for k, _ in call.kwargs} & (quiet.flags | _DECIDING))
            if call.args or given:
                shown = ", ".join(f"{k}=..." for k in given) or "positional arguments"
                diags.warning(
                    f"agno: toolkit '{found.cls.name}' is made here with {shown}, which decide "
                    "the tools it registers; toolgen reads its tools with the constructor's "
                    "default arguments",
                    alias.span,
                    "constructor-flag",
                )


def _toolkit(
    cls: ClassDef, resolver: Resolver, mapper: SchemaMapper, diags: Diagnostics
) -> list[Registered]:
    run = _Run(cls, resolver, mapper, diags, {})
    init = _constructor(resolver, cls)
    if init is not None:
        _construct(run, init, {}, 0)
    owner = Owner(f"{resolver.module_name(cls.module)}:{cls.name}", "toolkit")
    out: list[Registered] = []
    for name, (ref, module, alias, span) in run.found.items():
        made = _referenced(run, ref, module, span, name)
        if made is not None:
            function, defining, method_of = made
            out.append(Registered(function, defining, method_of, alias, cls, owner))
    return out


def _constructor(resolver: Resolver, cls: ClassDef) -> ClassDef | None:
    """The class whose ``__init__`` an instance of ``cls`` runs: its own, else the nearest
    scanned base's that toolgen read (one handing methods over, or calling its base's)."""
    return next((c for c in _with_bases(resolver, cls) if c.init_steps), None)


def _local_class(resolver: Resolver, cls: ClassDef, base: TExpr) -> ClassDef | None:
    if not isinstance(base, Name):
        return None
    found = resolver.resolve(cls.module, base.dotted)
    return found.cls if isinstance(found, LocalClass) else None


def _construct(run: _Run, cls: ClassDef, given: dict[str, Any], depth: int) -> None:
    """Run ``cls.__init__``'s steps with ``given`` arguments (the rest at their defaults)."""
    if depth > _DEPTH:
        return
    env: dict[str, Any] = {}
    defaults: dict[str, Any] = {}
    for param in cls.init_params:
        if param.name == "self":
            continue
        if param.kind == "varkw":
            env[param.name] = {k: v for k, v in given.items() if k not in _names(cls)}
            continue
        default = _value(run, cls, param.default, {}) if param.default is not None else UNKNOWN
        defaults[param.name] = default
        env[param.name] = given.get(param.name, default)
    for step in cls.init_steps:
        if not _holds(run, cls, step, env, defaults):
            continue
        if step.kind == "assign":
            env[step.target] = _value(run, cls, step.value, env)
        elif step.kind == "augassign":
            before, added = env.get(step.target, UNKNOWN), _value(run, cls, step.value, env)
            both = isinstance(before, list) and isinstance(added, list)
            env[step.target] = before + added if both else UNKNOWN
        elif isinstance(step.value, Call) and isinstance(step.value.func, Name):
            _call(run, cls, step, step.value, env, depth)


def _names(cls: ClassDef) -> set[str]:
    return {p.name for p in cls.init_params}


def _call(
    run: _Run, cls: ClassDef, step: InitStep, call: Call, env: dict[str, Any], depth: int
) -> None:
    assert isinstance(call.func, Name)
    head, _, method = call.func.dotted.rpartition(".")
    if head in env and method in ("append", "extend", "insert") and isinstance(env[head], list):
        values = [_value(run, cls, a, env) for a in call.args]
        if method == "append" and len(values) == 1:
            env[head] = [*env[head], values[0]]
        elif method == "extend" and len(values) == 1 and isinstance(values[0], list):
            env[head] = [*env[head], *values[0]]
        elif method == "insert" and len(values) == 2 and isinstance(values[0], int):
            env[head] = [*env[head][: values[0]], values[1], *env[head][values[0] :]]
        else:
            env[head] = UNKNOWN
    elif call.func.dotted == "self.register" and call.args:
        alias = next((v for k, v in call.kwargs if k == "name"), None)
        name = _value(run, cls, alias, env) if alias is not None else None
        if alias is not None and not isinstance(name, str):
            run.diags.warning(
                f"agno: toolkit '{run.toolkit.name}': the name= this registration gives cannot "
                "be read without running the code; toolgen names the tool after its function",
                step.span,
                "unread-tool",
            )
        _register(run, cls, call.args[0], name if isinstance(name, str) else None, step.span)
    elif method == "__init__" and (head == "super()" or head):
        args = list(call.args[1:] if head != "super()" else call.args)  # ``Base.__init__(self,``
        _parent_init(run, cls, step, head, args, call.kwargs, env, depth)


def _parent_init(
    run: _Run,
    cls: ClassDef,
    step: InitStep,
    head: str,
    args: list[TExpr],
    kwargs: tuple[tuple[str, TExpr], ...],
    env: dict[str, Any],
    depth: int,
) -> None:
    """``super().__init__(...)``: agno's ``Toolkit.__init__`` registers ``tools``; a scanned
    base's constructor is run with the arguments given."""
    given: dict[str, Any] = {}
    for key, value in kwargs:
        if key == "**":
            passed = _value(run, cls, value, env)
            if isinstance(passed, dict):
                given.update(passed)
        else:
            given[key] = _value(run, cls, value, env)
    base = cls.bases[0] if head == "super()" and cls.bases else Name(head)
    lineage = class_lineage(run.resolver, cls.module, base)
    parent = _local_class(run.resolver, cls, base)
    if parent is not None and lineage and lineage[0] == parent.qualname:
        target = _constructor(run.resolver, parent)
        if target is not None:
            names = [p.name for p in target.init_params if p.name != "self"]
            for name, value in zip(names, args):
                given.setdefault(name, _value(run, cls, value, env))
            _construct(run, target, given, depth + 1)
            return
    if not TOOLKITS & set(lineage):
        return
    for name, value in zip(_TOOLKIT_PARAMS, args):
        given.setdefault(name, _value(run, cls, value, env))
    if given.get("auto_register") is False:
        return
    tools = given.get("tools", [])
    if not isinstance(tools, list):
        run.diags.warning(
            f"agno: toolkit '{run.toolkit.name}': the tools its constructor passes are not a "
            "list toolgen can read (built at run time); toolgen takes none of them",
            step.span,
            "unread-tools",
        )
        return
    include, exclude = given.get("include_tools"), given.get("exclude_tools")
    for item in tools:
        _register(run, cls, item, None, step.span, include, exclude)
    # ``async_tools=[(self.aread, "read")]``: an async run (``arun``) takes these in place of
    # the sync tools of the same name; one with a name of its own exists in async runs only.
    variants = given.get("async_tools")
    for variant in variants if isinstance(variants, list) else []:
        named = variant[1] if isinstance(variant, list) and len(variant) == 2 else None
        if not (isinstance(named, str) and named in run.found):
            run.diags.warning(
                f"agno: toolkit '{run.toolkit.name}': "
                + (f"'{named}' is" if isinstance(named, str) else "a tool is")
                + " registered for async runs only (async_tools); toolgen reads the tools a sync "
                "run has, so it is left out",
                step.span,
                "runtime-tool",
            )


def _register(
    run: _Run,
    cls: ClassDef,
    item: Any,
    alias: str | None,
    span: SourceSpan,
    include: Any = None,
    exclude: Any = None,
) -> None:
    if isinstance(item, Name):  # ``self.register(self.a)``: as written
        item = Ref(item)
    if not isinstance(item, Ref):
        run.diags.warning(
            f"agno: toolkit '{run.toolkit.name}': a tool it registers is not a method or "
            "function toolgen can name statically; it is left out",
            span,
            "unread-tool",
        )
        return
    ref = item.expr
    name = alias or ref.dotted.rpartition(".")[2]
    if isinstance(include, list) and name not in include:
        return
    if isinstance(exclude, list) and name in exclude:
        return
    run.found[name] = (ref, cls.module, alias, span)


def _value(run: _Run, cls: ClassDef, expr: TExpr | None, env: dict[str, Any]) -> Any:
    return agno_values.value(run.resolver, run.mapper, cls.module, expr, env)


def _holds(
    run: _Run, cls: ClassDef, step: InitStep, env: dict[str, Any], defaults: dict[str, Any]
) -> bool:
    """Whether a step's ``if`` tests hold with the constructor's arguments; a test on them is a
    warning saying what toolgen chose (another instance may register other tools)."""
    taken = True
    for test, branch in step.conditions:
        value = _value(run, cls, test, env)
        flags = sorted(agno_values.mentions(test) & set(defaults))
        run.flags.update(flags)
        if value is UNKNOWN:
            chosen = True
            why = "which toolgen cannot know statically; toolgen takes it as true"
        else:
            chosen = bool(value) == branch
            shown = ", ".join(f"{f}={env.get(f)!r}" for f in flags)
            why = f"read with its default arguments ({shown})" if flags else "read statically"
        if flags or value is UNKNOWN:
            registers = agno_values.registers(step)
            if registers:
                verdict = "registers it" if chosen else "leaves it out"
                run.diags.warning(
                    f"agno: toolkit '{run.toolkit.name}': {registers} depends on "
                    f"'{'' if branch else 'not '}{agno_values.render(test)}', {why}: toolgen "
                    f"{verdict} (an instance made with other arguments has other tools)",
                    step.span,
                    "constructor-flag",
                )
        taken = taken and chosen
    return taken


def _referenced(
    run: _Run, ref: TExpr, module: str, span: SourceSpan, name: str
) -> tuple[Function, ModuleScan, str | None] | None:
    """The function a registration names: a method of the toolkit (as Python finds it, from
    the toolkit's class) or a module-level function of the module the registration is in."""
    assert isinstance(ref, Name)
    if ref.dotted.startswith("self."):
        found = _method(run.resolver, run.toolkit, ref.dotted.split(".")[1])
        if found is not None:
            function, defining = found
            return function, run.resolver.symbols[defining.module].scan, defining.name
    else:
        local = run.resolver.resolve(module, ref.dotted)
        if isinstance(local, LocalFunction):
            return local.function, run.resolver.symbols[local.module].scan, None
    run.diags.warning(
        f"agno: toolkit '{run.toolkit.name}': it registers '{ref.dotted}' as '{name}', which is "
        "not a method or function toolgen finds in the scanned files; it is left out",
        span,
        "unread-tool",
    )
    return None


__all__ = ["TOOLKITS", "Registered", "toolkit_tools"]
