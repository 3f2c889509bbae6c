"""Plain, picklable front-end data: type expressions, scanned functions, classes, modules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from toolgen.errors import Diagnostic, SourceSpan, pickled_by_fields


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Name:
    """A dotted name as written: ``str``, ``t.Optional``, ``models.Priority``."""

    dotted: str


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Sub:
    """A subscript: ``base[args...]``."""

    base: TExpr
    args: tuple[TExpr, ...]


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Lit:
    """A literal: str, int, float, bool, None, or ``...`` (``Ellipsis``)."""

    value: object


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Or:
    """``A | B | C``."""

    items: tuple[TExpr, ...]


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Seq:
    """A list or tuple display: ``[a, b]`` / ``(a, b)``."""

    kind: str
    items: tuple[TExpr, ...]


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Call:
    """A call: ``Field(ge=1)``, ``Param(desc="...")``."""

    func: TExpr
    args: tuple[TExpr, ...]
    kwargs: tuple[tuple[str, TExpr], ...]


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Opaque:
    """Anything else, kept as source text for messages."""

    code: str


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class BinOp:
    """``left + right``, ``left % right``, ``left * right``: folded by ``scan.evaluate``."""

    op: str
    left: TExpr
    right: TExpr


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Unary:
    """``-operand``, ``+operand``, ``not operand``."""

    op: str
    operand: TExpr


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Attr:
    """An attribute of something that is not a dotted name: ``"{} rows".format``."""

    value: TExpr
    attr: str


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Fmt:
    """One replacement field of an f-string: ``{value!conversion:spec}``."""

    value: TExpr
    conversion: str
    spec: TExpr | None


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class FString:
    """An f-string (possibly concatenated with plain strings): ``Lit`` text and ``Fmt`` fields."""

    parts: tuple[TExpr, ...]


TExpr = Union[  # noqa: UP007 - evaluated at run time on 3.10
    Name, Sub, Lit, Or, Seq, Call, Opaque, BinOp, Unary, Attr, Fmt, FString
]


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Parameter:
    """One function parameter. ``kind``: positional, positional_only, keyword, varargs or varkw."""

    name: str
    kind: str
    annotation: TExpr | None
    default: TExpr | None
    span: SourceSpan
    written: str = ""
    """The name as written, when Python binds another (NFKC-normalised: ``ｈost``); else ``""``."""


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Function:
    """A module-level function, decorated or not."""

    name: str
    decorators: tuple[TExpr, ...]
    params: tuple[Parameter, ...]
    returns: TExpr | None
    docstring: str | None
    is_async: bool
    span: SourceSpan
    decorator_spans: tuple[SourceSpan, ...] = ()
    docstring_line: int = 0
    docstring_col: int = 0
    """The column the docstring's literal starts at: the margin ``inspect.cleandoc`` takes off
    its lines, as the body's indentation is."""
    returned: TExpr | None = None
    """What a module-level function returns when its body is one ``return [...]`` (or a tuple)
    after its docstring: a factory of tools (``def make_tools(): return [Tool(f), ...]``)."""
    written: str = ""
    """The name as written, when Python binds another (as :attr:`Parameter.written`)."""


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class FieldDef:
    """A class-level annotated attribute (a TypedDict key, a model or dataclass field)."""

    name: str
    annotation: TExpr
    default: TExpr | None
    span: SourceSpan
    written: str = ""
    """The name as written, when Python binds another (as :attr:`Parameter.written`)."""


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class InitStep:
    """A statement of a class's ``__init__`` that a class reader reads: ``kind`` ``"assign"``
    (``target = value``), ``"augassign"`` (``target += value``) or ``"call"`` (a call statement,
    ``target`` empty); ``conditions``: its enclosing ``if`` tests, each with whether the
    statement is in the test's body (``True``) or its ``else`` (``False``)."""

    kind: str
    target: str
    value: TExpr
    conditions: tuple[tuple[TExpr, bool], ...]
    span: SourceSpan


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class ClassDef:
    """A module-level class: bases, keywords, decorators, fields and plain assignments."""

    name: str
    module: str
    bases: tuple[TExpr, ...]
    keywords: tuple[tuple[str, TExpr], ...]
    decorators: tuple[TExpr, ...]
    fields: tuple[FieldDef, ...]
    members: tuple[tuple[str, TExpr], ...]
    docstring: str | None
    span: SourceSpan
    methods: tuple[tuple[str, tuple[TExpr, ...], SourceSpan], ...] = ()
    """Decorated methods (name, decorators, place): not tools, but worth a warning if marked."""
    functions: tuple[Function, ...] = ()
    """The signatures, decorators and docstrings of the decorated methods, the public ones and
    those read by name (``_run``); their bodies are never read."""
    set_in_init: tuple[tuple[str, SourceSpan], ...] = ()
    """The class attributes a class reader reads that ``__init__`` assigns to ``self``, with
    where it first does."""
    init_params: tuple[Parameter, ...] = ()
    init_steps: tuple[InitStep, ...] = ()
    """``__init__``'s parameters and statements, when it hands a method of ``self`` over
    (:mod:`toolgen.scan.init_steps`): how a toolkit registers its tools."""

    @property
    def qualname(self) -> str:
        return f"{self.module}.{self.name}"


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Alias:
    """A module-level assignment that may be a type alias: ``X = list[int]``, ``type X = ...``."""

    name: str
    value: TExpr
    span: SourceSpan


REGISTERING = frozenset({"add_plugin", "add_function", "from_object"})
"""Methods whose calls are kept wherever they are written, function bodies included: they name
the plugin tools are registered in (Semantic Kernel's ``kernel.add_plugin(..., plugin_name=)``,
``kernel.add_function(plugin_name, function)``, ``KernelPlugin.from_object(name, instance)``,
read by :mod:`toolgen.frameworks.kernel_plugins`)."""


NESTED_LISTS = frozenset({"ReAct"})
"""Tool-list constructors whose calls inside function bodies are kept, to be said unread
(DSPy's ``self.react = dspy.ReAct(sig, tools=[...])`` in a ``dspy.Module``'s ``__init__``):
toolgen reads the tools lists of module-level assignments only."""


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Registration:
    """A call, anywhere in the file (function bodies too), of a method that registers tools by
    reference: ``kernel.add_plugin(WeatherPlugin(), plugin_name="weather")``."""

    method: str
    call: Call
    span: SourceSpan


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Statement:
    """A module-level method call made for its effect: ``mcp.add_tool(search, name="find")``."""

    value: TExpr
    span: SourceSpan


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class ModuleScan:
    """Everything the front end keeps of one file; independent of every other file."""

    path: str
    module: str
    is_package: bool
    is_stub: bool
    imports: tuple[tuple[str, str], ...]
    classes: tuple[ClassDef, ...]
    aliases: tuple[Alias, ...]
    functions: tuple[Function, ...]
    diagnostics: tuple[Diagnostic, ...]
    registrations: tuple[Registration, ...] = ()
    nested_lists: tuple[Registration, ...] = ()
    """The calls of :data:`NESTED_LISTS` constructors inside function bodies."""
    statements: tuple[Statement, ...] = ()
    """Module-level method calls made as statements (``x.m(...)``), which may register tools."""
