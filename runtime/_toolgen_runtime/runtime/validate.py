"""Checks a JSON value against the JSON Schema keywords toolgen emits, for a model to fix its call.

Standard library only, and nothing of toolgen's build: this is the validator the run-time uses
when pydantic is not installed. A schema is compiled once into closures (:func:`compile`, cached
by the schema object), each ``$ref`` target once by its pointer, so recursive schemas cost no
more than flat ones. Draft 2020-12 semantics, of exactly these keywords: ``type enum const
properties required additionalProperties propertyNames minProperties maxProperties items
prefixItems minItems maxItems uniqueItems anyOf oneOf allOf $ref $defs minimum maximum
exclusiveMinimum exclusiveMaximum multipleOf minLength maxLength pattern format``; the
annotations (``title description default examples deprecated readOnly writeOnly $comment``)
are ignored; any other keyword is a ``ValueError`` when the schema is compiled, never a silent
pass.

``format`` is checked as ``jsonschema``'s draft 2020-12 format checker checks it with no
optional package installed: ``date`` and ``uuid`` are checked; ``date-time`` and ``time`` (which
it checks only with ``rfc3339-validator``), ``duration`` (only with ``isoduration``) and every
other format are annotations.

Two paths differ from ``jsonschema``'s, on purpose: a missing required property and a property
``additionalProperties: false`` forbids are reported at the property's own pointer
(``/book/genre``), as pydantic reports them, not at the object's. And when no alternative of
``anyOf``/``oneOf`` holds, the errors of one that takes the value's type are reported (an
``Optional[date]`` sent "tomorrow": what a date looks like), else one line of what each expects.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final
from urllib.parse import unquote

# Relative, so that the module works in both distributions that ship the run-time.
from .keywords import (
    IS_TYPE,
    SHOWN,
    TYPE_WORDS,
    Check,
    Errors,
    Path,
    accept,
    alternatives,
    bad,
    count_of,
    each_item,
    each_property,
    either,
    freeze,
    guarded,
    is_number,
    list_of,
    missing,
    number_checks,
    order_of,
    reject,
    repeats,
    sequence,
    show,
    size,
    string_checks,
    to_pointer,
)

_ANNOTATIONS: Final = frozenset(
    {"title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly"}
    | {"$comment", "$defs"}  # $defs is reached through $ref (and compiled up front)
)
_KEYWORDS: Final = _ANNOTATIONS | {
    *("type", "enum", "const", "$ref", "allOf", "anyOf", "oneOf", "format"),
    *("properties", "required", "additionalProperties", "propertyNames"),
    *("minProperties", "maxProperties", "minimum", "maximum", "exclusiveMinimum"),
    *("exclusiveMaximum", "multipleOf", "minLength", "maxLength", "pattern"),
    *("items", "prefixItems", "minItems", "maxItems", "uniqueItems"),
}
_CACHED: Final = 256


def _report(found: Errors) -> list[dict[str, str]]:
    if len(found) > 1:  # document order: a value's own errors, then its children's in order
        found.sort(key=lambda error: order_of(error[0]))
    return [{"path": to_pointer(path), "message": message} for path, message in found]


class Validator:
    """A schema compiled once; :meth:`errors` checks one instance against it."""

    __slots__ = ("_check", "schema")

    def __init__(self, schema: Mapping[str, Any] | bool) -> None:
        self.schema = schema
        self._check = _Compiler(schema).ref("#")

    def errors(self, instance: Any) -> list[dict[str, str]]:
        """``[]`` when ``instance`` is valid; else each problem's JSON pointer and message."""
        found: Errors = []
        try:
            self._check(instance, None, found)
        except RecursionError:
            return [{"path": "", "message": "the value is nested too deeply to check"}]
        return _report(found)

    def is_valid(self, instance: Any) -> bool:
        return not self.errors(instance)


_cache: dict[int, Validator] = {}


def compile(schema: Mapping[str, Any] | bool) -> Validator:
    """The compiled validator of ``schema``, cached while the schema object lives in the cache
    (by identity: a schema is not expected to change once used, as toolgen's constants do not)."""
    found = _cache.get(id(schema))
    if found is not None and found.schema is schema:
        return found
    validator = Validator(schema)
    if len(_cache) >= _CACHED:  # the oldest goes: a program has a few schemas, not thousands
        del _cache[next(iter(_cache))]
    _cache[id(schema)] = validator  # the validator holds the schema, so the id stays its own
    return validator


def validate(schema: Mapping[str, Any] | bool, instance: Any) -> list[dict[str, str]]:
    """``[]`` when ``instance`` is valid against ``schema``; else ``[{"path", "message"}]`` in
    document order, the path a JSON pointer into ``instance`` ("" for the whole of it)."""
    return compile(schema).errors(instance)


class _Compiler:
    """Turns one root schema into closures; every pointer is compiled at most once."""

    def __init__(self, root: Mapping[str, Any] | bool) -> None:
        self.root = root
        self.cells: dict[str, list[Check]] = {}

    def ref(self, pointer: str) -> Check:
        cell = self.cells.get(pointer)
        if cell is None:
            cell = self.cells[pointer] = []
            cell.append(self.node(self.resolve(pointer), pointer))
        if cell:
            return cell[0]
        # Still being compiled (a recursive schema): look the check up when it runs.
        return lambda value, path, errors: cell[0](value, path, errors)

    def resolve(self, pointer: str) -> Any:
        if not pointer.startswith("#"):
            raise bad(pointer, "only local references (#/...) are supported")
        node: Any = self.root
        fragment = unquote(pointer[1:])
        if fragment and not fragment.startswith("/"):
            raise bad(pointer, "only JSON pointers (#/...) are supported, not anchors")
        for token in fragment.split("/")[1:]:
            token = token.replace("~1", "/").replace("~0", "~")
            if isinstance(node, Mapping) and token in node:
                node = node[token]
            elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
                node = node[int(token)]
            else:
                raise bad(pointer, "$ref points to nothing")
        return node

    def node(self, schema: Any, where: str) -> Check:
        if schema is True:
            return accept
        if schema is False:
            return reject
        if not isinstance(schema, Mapping):
            raise bad(where, f"a schema is an object or a boolean, not {show(schema)}")
        unknown = sorted(set(schema) - _KEYWORDS)
        if unknown:
            raise bad(where, f"unsupported keyword(s) {', '.join(unknown)}")
        defs = schema.get("$defs", {})
        if not isinstance(defs, Mapping):
            raise bad(where, "$defs must be an object")
        for key in defs:  # compiled now, so that a bad definition fails here, not at first use
            self.ref(f"{where}/$defs/{key.replace('~', '~0').replace('/', '~1')}")
        values = [c for c in (self.enum(schema, where, "const"), self.enum(schema, where)) if c]
        checks = [c for c in self.by_type(schema, where) if c] + self.applicators(schema, where)
        typed = self.type_check(schema, where)
        if typed is None:
            return sequence(values + checks)
        test, expected = typed
        own = sequence(values)
        after = sequence(checks)

        def check(value: Any, path: Path, errors: Errors) -> None:
            if test(value):
                own(value, path, errors)
            else:  # enum/const would only repeat this error, at the same place
                errors.append((path, f"expected {expected}, got {show(value)}"))
            after(value, path, errors)  # a type's keywords apply to values of that type

        return check

    def type_check(self, schema: Mapping[str, Any], where: str) -> tuple[Any, str] | None:
        if "type" not in schema:
            return None
        names = schema["type"]
        names = [names] if isinstance(names, str) else names
        if not isinstance(names, list) or not names or any(n not in IS_TYPE for n in names):
            raise bad(where, f"type must be a type name or a list of them, not {show(names)}")
        tests = [IS_TYPE[n] for n in names]
        expected = " or ".join(TYPE_WORDS[n] for n in names)
        if len(tests) == 1:
            return tests[0], expected
        return (lambda v: any(t(v) for t in tests)), expected

    def enum(self, schema: Mapping[str, Any], where: str, key: str = "enum") -> Check | None:
        if key not in schema:
            return None
        if key == "const":
            allowed, expected = [schema["const"]], show(schema["const"])
        else:
            allowed = list_of(schema, "enum", where)
            expected = "one of " + ", ".join(show(v) for v in allowed)
        frozen = frozenset(freeze(v) for v in allowed)
        expected = expected if len(expected) <= SHOWN * 2 else expected[: SHOWN * 2] + "…"

        def check(value: Any, path: Path, errors: Errors) -> None:
            if freeze(value) not in frozen:
                errors.append((path, f"expected {expected}, got {show(value)}"))

        return check

    def by_type(self, schema: Mapping[str, Any], where: str) -> list[Check | None]:
        return [
            guarded(is_number, number_checks(schema, where)),
            guarded(lambda v: isinstance(v, str), string_checks(schema, where)),
            guarded(lambda v: isinstance(v, (list, tuple)), self.arrays(schema, where)),
            guarded(lambda v: isinstance(v, Mapping), self.objects(schema, where)),
        ]

    def applicators(self, schema: Mapping[str, Any], where: str) -> list[Check]:
        out: list[Check] = []
        if "$ref" in schema:
            if not isinstance(schema["$ref"], str):
                raise bad(where, "$ref must be a string")
            out.append(self.ref(schema["$ref"]))
        for key in ("allOf", "anyOf", "oneOf"):
            if key in schema:
                branches = list_of(schema, key, where)
                subs = [self.node(b, f"{where}/{key}/{i}") for i, b in enumerate(branches)]
                if key == "allOf":
                    out.extend(subs)
                else:
                    summary = either([self.summary(b) for b in branches])
                    takes = [self.takes(b) for b in branches]
                    out.append(alternatives(subs, takes, summary, one=key == "oneOf"))
        return out

    def takes(self, schema: Any, depth: int = 0) -> Callable[[Any], bool]:
        """Whether a value is of a type the schema can accept (its type, through $ref)."""
        if schema is False:
            return lambda value: False
        if isinstance(schema, Mapping) and depth < 8:
            if "type" in schema:
                names = schema["type"]
                tests = [IS_TYPE[n] for n in ([names] if isinstance(names, str) else names)]
                return lambda value: any(test(value) for test in tests)
            if isinstance(schema.get("$ref"), str):
                return self.takes(self.resolve(schema["$ref"]), depth + 1)
        return lambda value: True

    def summary(self, schema: Any, depth: int = 0) -> str:
        """What a branch of anyOf/oneOf expects, in a few words, for the message."""
        if isinstance(schema, Mapping):
            if "const" in schema:
                return show(schema["const"])
            if isinstance(schema.get("enum"), list):
                return "one of " + ", ".join(show(v) for v in schema["enum"])
            if "type" in schema:
                names = schema["type"]
                names = [names] if isinstance(names, str) else names
                return " or ".join(TYPE_WORDS.get(n, str(n)) for n in names)
            if isinstance(schema.get("$ref"), str) and depth < 8:
                return self.summary(self.resolve(schema["$ref"]), depth + 1)
            if isinstance(schema.get("anyOf"), list) and depth < 8:
                return either([self.summary(b, depth + 1) for b in schema["anyOf"]])
        return "any value" if schema is True or schema == {} else "another value"

    def arrays(self, schema: Mapping[str, Any], where: str) -> list[Check]:
        low, high = count_of(schema, "minItems", where), count_of(schema, "maxItems", where)
        unique = schema.get("uniqueItems", False)
        if not isinstance(unique, bool):
            raise bad(where, "uniqueItems must be a boolean")
        prefix = [
            self.node(s, f"{where}/prefixItems/{i}")
            for i, s in enumerate(list_of(schema, "prefixItems", where))
        ]
        rest = self.node(schema["items"], f"{where}/items") if "items" in schema else None
        out: list[Check] = []
        if low is not None:
            out.append(size(lambda n: n >= low, "at least", low, "item"))
        if high is not None:
            out.append(size(lambda n: n <= high, "at most", high, "item"))
        if unique:
            out.append(repeats)
        if rest is reject:  # items: false after prefixItems: a count, as jsonschema says it
            limit = len(prefix)
            out.append(size(lambda n: n <= limit, "at most", limit, "item"))
            rest = None
        if prefix or (rest is not None and rest is not accept):
            out.append(each_item(prefix, rest))
        return out

    def objects(self, schema: Mapping[str, Any], where: str) -> list[Check]:
        low = count_of(schema, "minProperties", where)
        high = count_of(schema, "maxProperties", where)
        out: list[Check] = []
        if low is not None:
            out.append(size(lambda n: n >= low, "at least", low, "property"))
        if high is not None:
            out.append(size(lambda n: n <= high, "at most", high, "property"))
        props = schema.get("properties", {})
        if not isinstance(props, Mapping):
            raise bad(where, "properties must be an object")
        subs = {
            k: self.node(s, f"{where}/properties/{k.replace('~', '~0').replace('/', '~1')}")
            for k, s in props.items()
        }
        required = list_of(schema, "required", where)
        if not all(isinstance(r, str) for r in required):
            raise bad(where, "required must list strings")
        extra = None
        if "additionalProperties" in schema:
            extra = self.node(schema["additionalProperties"], f"{where}/additionalProperties")
        names = None
        if "propertyNames" in schema:
            names = self.node(schema["propertyNames"], f"{where}/propertyNames")
        if subs or names is not None or extra not in (None, accept):
            out.append(each_property(subs, extra, names, sorted(props)))
        if required:
            out.append(missing(required))
        return out
