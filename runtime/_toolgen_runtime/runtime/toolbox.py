"""``Toolbox``: a generated module's tools for one provider, a model's call decoded, run and
answered.

It reads the module's constants as they are (``TOOLS_<P>``, ``TOOL_CALLS_<P>``, ``TOOLS``)
and imports a tool's module only when that tool is first decoded.
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import json
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from toolgen.runtime.errors import ArgumentError, shown
from toolgen.runtime.functions import VARIADIC, import_function, invoke, signature_of
from toolgen.runtime.undo import Rules, bound_by_position, omit_nulls, rules_of, sent_path

__all__ = ["PROVIDERS", "ToolInfo", "Toolbox"]

PROVIDERS: Final = ("openai", "openai_responses", "anthropic", "gemini", "mcp", "bedrock")
"""The providers whose constants a ``Toolbox`` reads, in the build's order: the run-time imports
nothing of the build, so this is ``toolgen.settings.PROVIDERS`` written out (a test keeps the
two equal)."""
_BY_POSITION: Final = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
_LISTED: Final = 20
"""How many tool names an unknown tool's error lists."""


@dataclass(frozen=True, slots=True)
class ToolInfo:
    """One tool as a provider sees it, and what it is."""

    name: str
    """The tool's own name (the IR's)."""
    wire_name: str
    description: str | None
    input_schema: dict[str, Any]
    """The parameters' schema as this provider's constant sends it."""
    ir_schema: dict[str, Any]
    """The lossless parameters' schema (``TOOLS``)."""
    output_schema: dict[str, Any] | None
    function: str
    """The import path, ``"package.module:function"``."""
    definition: dict[str, Any]
    """The provider's list item, exactly as generated."""


@dataclass(frozen=True, slots=True)
class _Plan:
    """One tool's decoding, read from the module once."""

    tool: str
    function: Callable[..., Any]
    rules: Rules | None
    known: frozenset[str]
    """The parameters the provider's schema lists."""
    closed: bool
    """Whether a field it does not list is an error (the schema closes the object)."""
    packed: str | None
    signature: Any
    """The function's :class:`~toolgen.runtime.signature.Signature`; ``None``: the IR decides."""
    positional: tuple[str, ...]
    """The function's positional-only parameters, in order: sent by name, passed by position."""
    bound: Mapping[str, str]
    """Arguments a framework passes by position (``__arg1``) → the parameter each binds to."""
    implied: tuple[str, ...]
    """Without the signature: the parameters the IR does not require and the function gives
    no default (an ``Optional`` one), ``None`` when left out."""


def _constant(module: Any, name: str) -> Any:
    if isinstance(module, Mapping):
        return module.get(name)
    return getattr(module, name, None)


def _wire_name(provider: str, item: Mapping[str, Any]) -> str:
    if provider == "openai":
        return str(item["function"]["name"])
    if provider == "bedrock":
        return str(item["toolSpec"]["name"])
    return str(item["name"])


def _input_schema(provider: str, item: Mapping[str, Any]) -> dict[str, Any]:
    if provider == "openai":
        found = item["function"].get("parameters")
    elif provider == "bedrock":
        found = item["toolSpec"]["inputSchema"]["json"]
    elif provider == "anthropic":
        found = item.get("input_schema")
    elif provider == "mcp":
        found = item.get("inputSchema")
    elif provider == "gemini":
        found = item.get("parameters", item.get("parametersJsonSchema"))
    else:
        found = item.get("parameters")
    return dict(found) if isinstance(found, Mapping) else {"type": "object", "properties": {}}


class Toolbox:
    """The tools of a generated module, for one provider.

    ``module``: the generated module (or any object or mapping holding its constants; in the
    per-provider layout, the provider's module). ``functions``: tool name → callable, for
    tools whose module cannot be imported by name, or to give bound methods.
    """

    def __init__(
        self,
        module: Any,
        *,
        provider: str,
        functions: Mapping[str, Callable[..., Any]] | None = None,
    ) -> None:
        if provider not in PROVIDERS:
            raise ValueError(
                f"unknown provider {provider!r}; one of: {', '.join(PROVIDERS)} "
                "(as --provider spells them)"
            )
        suffix = provider.upper()
        tools = _constant(module, f"TOOLS_{suffix}")
        calls = _constant(module, f"TOOL_CALLS_{suffix}")
        if not isinstance(tools, list) or not isinstance(calls, Mapping):
            what = getattr(module, "__name__", type(module).__name__)
            raise ValueError(
                f"{what} has no TOOLS_{suffix} and TOOL_CALLS_{suffix}: generate it for the "
                f"{provider} provider with a toolgen that writes TOOL_CALLS_* (toolgen build)"
            )
        self.provider: str = provider
        self.tools: list[dict[str, Any]] = tools
        self._module = module
        self._calls: Mapping[str, Mapping[str, Any]] = calls
        self._given: dict[str, Callable[..., Any]] = dict(functions or {})
        self._index: dict[str, int] | None = None
        self._ir: dict[str, dict[str, Any]] | None = None
        self._functions: dict[str, Callable[..., Any]] = {}
        self._validators: dict[str, Any] = {}
        self._plans: dict[str, _Plan] = {}

    # --- what the module says -------------------------------------------------------------

    def names(self) -> list[str]:
        """The wire names, in the generated order."""
        return list(self._calls)

    def _entry(self, wire_name: str) -> Mapping[str, Any]:
        entry = self._calls.get(wire_name) if isinstance(wire_name, str) else None
        if entry is None:
            names = self.names()
            listed = ", ".join(names[:_LISTED]) + (", …" if len(names) > _LISTED else "")
            raise ArgumentError(
                str(wire_name) if isinstance(wire_name, str) else None,
                [{"path": "", "message": f"there is no such tool; the tools are: {listed}"}],
            )
        return entry

    def _definition(self, wire_name: str) -> dict[str, Any]:
        if self._index is None:
            self._index = {_wire_name(self.provider, t): i for i, t in enumerate(self.tools)}
        return self.tools[self._index[wire_name]]

    def _ir_tools(self) -> dict[str, dict[str, Any]]:
        """``TOOLS`` by tool name: from the module, or in the per-provider layout from the
        module of the IR beside it (``<name>.py`` for ``<name>_<provider>.py``)."""
        if self._ir is None:
            tools = _constant(self._module, "TOOLS")
            if tools is None:
                name = getattr(self._module, "__name__", "")
                ending = f"_{self.provider}"
                if not name.endswith(ending):
                    raise ValueError(
                        "the IR (TOOLS) is needed to validate without pydantic: pass the module "
                        "that holds TOOLS, or a mapping with TOOLS beside the provider's constants"
                    )
                tools = importlib.import_module(name.removesuffix(ending)).TOOLS
            self._ir = {t["name"]: t for t in tools}
        return self._ir

    def info(self, wire_name: str) -> ToolInfo:
        """What the module says of one tool."""
        entry = self._entry(wire_name)
        item = self._definition(wire_name)
        ir = self._ir_tools()[entry["tool"]]
        described = item.get("function", item.get("toolSpec", item)).get("description")
        return ToolInfo(
            name=entry["tool"],
            wire_name=wire_name,
            description=described,
            input_schema=_input_schema(self.provider, item),
            ir_schema=ir["parameters"],
            output_schema=self._output_schema(wire_name),
            function=entry["function"],
            definition=item,
        )

    def _output_schema(self, wire_name: str) -> dict[str, Any] | None:
        """The output schema the provider's constant serves (MCP's ``outputSchema``)."""
        if self.provider != "mcp":
            return None
        found = self._definition(wire_name).get("outputSchema")
        return found if isinstance(found, dict) else None

    # --- the function -----------------------------------------------------------------------

    def _function(self, entry: Mapping[str, Any]) -> Callable[..., Any]:
        name = entry["tool"]
        found = self._functions.get(name)
        if found is None:
            found = self._given.get(name)
            if found is None:
                found = import_function(entry["function"])
            self._functions[name] = found
        return found

    # --- the call ---------------------------------------------------------------------------

    def decode(self, wire_name: str, arguments: Any) -> tuple[Callable[..., Any], dict[str, Any]]:
        """The function, and the keyword arguments of the declared types, for a model's call.

        ``arguments``: a mapping, JSON text (``str``/``bytes``), or ``None`` (no arguments).
        With pydantic (2.11 or newer) installed, they are validated and converted by the
        function's own signature; without it, checked against the tool's IR schema and
        passed as the JSON values they are.

        Raises:
            ArgumentError: an unknown tool, malformed JSON, or arguments the function's
                types refuse (each problem with its JSON pointer).
        """
        plan = self._plans.get(wire_name) if isinstance(wire_name, str) else None
        if plan is None:
            plan = self._plan(wire_name)
        values = arguments if type(arguments) is dict else _parsed(wire_name, arguments)
        values = omit_nulls(values, plan.rules)
        if not plan.closed and not values.keys() <= plan.known:
            # What the schema the model was sent lets through, and the function has no
            # parameter for, is dropped: as the IR says, such a field means nothing.
            values = {k: v for k, v in values.items() if k in plan.known}
        packed = plan.packed
        sent = values
        if plan.bound:
            values = {plan.bound.get(k, k): v for k, v in values.items()}
        given = {packed: values} if packed is not None else values
        signature = plan.signature
        if signature is not None:
            try:  # the hot path: pydantic's validator called directly
                return plan.function, signature.check(signature.ArgsKwargs((), given))[1]
            except signature.invalid as exc:
                from toolgen.runtime.signature import problems

                found = problems(exc.errors(include_url=False), given)
            if packed is not None:
                found = [{**p, "path": _unpack(p["path"], packed)} for p in found]
            if plan.bound:
                back = {v: k for k, v in plan.bound.items()}
                found = [{**p, "path": sent_path(p["path"], back)} for p in found]
            raise ArgumentError(wire_name, found)
        from toolgen.runtime.validate import validate

        found = validate(self._ir_tools()[plan.tool]["parameters"], sent)
        if found:
            raise ArgumentError(wire_name, found)
        kwargs = dict(given)
        for name in plan.implied:
            kwargs.setdefault(name, None)
        return plan.function, kwargs

    def _plan(self, wire_name: str) -> _Plan:
        """What decoding one tool's calls needs, read once (and its function imported)."""
        entry = self._entry(wire_name)
        schema = _input_schema(self.provider, self._definition(wire_name))
        known = frozenset(schema.get("properties") or ())
        packed = entry.get("arguments_of")
        function = self._function(entry)
        parameters = signature_of(function)
        takes = [n for n, p in parameters.items() if p.kind in _BY_POSITION]
        bound = bound_by_position(entry, takes)
        named = frozenset(bound.get(k, k) for k in known)
        signature = self._validator(entry, function, packed, named)
        implied: tuple[str, ...] = ()
        if signature is None and packed is None:
            ir = self._ir_tools()[entry["tool"]]["parameters"]
            required = set(ir.get("required") or ())
            implied = tuple(
                name
                for name in ir.get("properties") or ()
                if name not in required
                and name in parameters
                and parameters[name].default is inspect.Parameter.empty
                and parameters[name].kind not in VARIADIC
            )
        plan = _Plan(
            tool=entry["tool"],
            function=function,
            rules=rules_of(entry),
            known=known,
            closed=schema.get("additionalProperties") is False or packed is not None,
            packed=packed,
            signature=signature,
            positional=tuple(
                n for n, p in parameters.items() if p.kind is inspect.Parameter.POSITIONAL_ONLY
            ),
            bound=bound,
            implied=implied,
        )
        self._plans[wire_name] = plan
        return plan

    def _validator(
        self,
        entry: Mapping[str, Any],
        function: Callable[..., Any],
        packed: str | None,
        known: frozenset[str],
    ) -> Any:
        name = entry["tool"]
        if name not in self._validators:
            from toolgen.runtime import signature

            made = None
            if signature.available():
                try:
                    made = signature.Signature(function, [packed] if packed else list(known))
                except signature.unreadable() as exc:
                    warnings.warn(
                        f"tool '{name}': pydantic cannot read the signature of "
                        f"{entry['function']} ({str(exc).splitlines()[0]}); its arguments are "
                        "checked against the IR schema and passed as JSON values",
                        RuntimeWarning,
                        stacklevel=4,
                    )
            self._validators[name] = made
        return self._validators[name]

    def call(self, wire_name: str, arguments: Any) -> Any:
        """Decode the call and run the function (a coroutine function with ``asyncio.run``).
        What the function raises propagates."""
        function, kwargs = self.decode(wire_name, arguments)
        result = invoke(function, kwargs, self._plans[wire_name].positional)
        if inspect.isawaitable(result):
            return asyncio.run(_awaited(result))
        return result

    async def acall(self, wire_name: str, arguments: Any) -> Any:
        """Decode the call and run the function, awaited when it is a coroutine function."""
        function, kwargs = self.decode(wire_name, arguments)
        result = invoke(function, kwargs, self._plans[wire_name].positional)
        if inspect.isawaitable(result):
            return await result
        return result

    def handle(self, tool_call: Any) -> dict[str, Any]:
        """The provider SDK's tool call in, the provider's tool-result message out: an
        ``ArgumentError`` becomes an error result the model reads; what the tool itself
        raises propagates."""
        from toolgen.runtime.messages import read_call, reply

        call = read_call(self.provider, tool_call)
        try:
            result = self.call(call.name, call.arguments)
        except ArgumentError as err:
            return reply(self.provider, call, error=str(err))
        output = self._output_schema(call.name)
        return reply(self.provider, call, result=result, output_schema=output)

    async def ahandle(self, tool_call: Any) -> dict[str, Any]:
        """:meth:`handle`, with the function awaited when it is a coroutine function."""
        from toolgen.runtime.messages import read_call, reply

        call = read_call(self.provider, tool_call)
        try:
            result = await self.acall(call.name, call.arguments)
        except ArgumentError as err:
            return reply(self.provider, call, error=str(err))
        output = self._output_schema(call.name)
        return reply(self.provider, call, result=result, output_schema=output)


async def _awaited(awaitable: Any) -> Any:
    return await awaitable


def _unpack(path: str, packed: str) -> str:
    """A pointer under the lone model's parameter, as the model sent it (its fields at top)."""
    head = "/" + packed.replace("~", "~0").replace("/", "~1")
    return path[len(head) :] if path == head or path.startswith(head + "/") else path


def _parsed(wire_name: str, arguments: Any) -> dict[str, Any]:
    """The arguments as a JSON object (a mapping of another type made plain)."""
    if arguments is None:
        return {}
    if isinstance(arguments, (bytes, bytearray)):
        try:
            arguments = bytes(arguments).decode("utf-8")
        except UnicodeDecodeError:
            raise ArgumentError(
                wire_name, [{"path": "", "message": "the arguments are not UTF-8 text"}]
            ) from None
    if isinstance(arguments, str):
        if not arguments.strip():
            return {}
        try:
            value = json.loads(arguments)
        except RecursionError:
            raise ArgumentError(
                wire_name, [{"path": "", "message": "the arguments are nested too deeply"}]
            ) from None
        except json.JSONDecodeError as exc:
            raise ArgumentError(
                wire_name,
                [
                    {
                        "path": "",
                        "message": f"the arguments are not valid JSON ({exc.msg} at line "
                        f"{exc.lineno}, column {exc.colno}); send one JSON object",
                    }
                ],
            ) from None
        except ValueError:  # an integer of more digits than Python reads (sys.int_info)
            raise ArgumentError(
                wire_name, [{"path": "", "message": "the arguments hold a number too long to read"}]
            ) from None
    elif type(arguments) is dict:
        value = arguments  # never changed: undo.omit_nulls copies before it takes a null out
    elif isinstance(arguments, Mapping):
        value = _plain(arguments)
    else:
        value = arguments
    if not isinstance(value, dict):
        raise ArgumentError(
            wire_name,
            [{"path": "", "message": f"expected an object of arguments; got {shown(value)}"}],
        )
    return value


def _plain(value: Any) -> Any:
    """A deep copy as plain dicts and lists (an SDK's mapping and sequence types included)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
