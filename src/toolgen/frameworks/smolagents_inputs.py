"""A smolagents ``Tool`` subclass's ``inputs`` dict as the JSON Schema its model is sent.

smolagents 1.26 (smolagents/models.py, ``get_tool_json_schema``) copies ``inputs`` as the
properties: each input's dict as written, ``"any"`` sent as ``"string"``, every input not marked
``"nullable": True`` required. ``Tool.validate_arguments`` (smolagents/tools.py) takes only the
types of ``AUTHORIZED_TYPES``, and needs ``forward``'s parameters to be ``inputs``' keys.
"""

from __future__ import annotations

from typing import Any, Final

from toolgen.ir import JsonSchema

AUTHORIZED_TYPES: Final = frozenset(
    {"string", "boolean", "integer", "number", "image", "audio", "array", "object", "any", "null"}
)
"""smolagents' ``AUTHORIZED_TYPES``: an input of another type fails at instantiation."""

_SENT_AS: Final = {"image": "string", "audio": "string"}
"""Types smolagents sends as written although JSON Schema has no such type (a provider refuses
it): what a model can send for one is a string, so toolgen says string."""


_ONLY_OF: Final = {
    "array": frozenset({"items", "prefixItems", "minItems", "maxItems", "uniqueItems"}),
    "object": frozenset({"properties", "additionalProperties", "required"}),
}
"""Keywords that describe one type alone: in a union they go to that type's branch."""


def _keys_of(kind: str, rest: dict[str, Any]) -> dict[str, Any]:
    return {
        k: v for k, v in rest.items() if all(k not in ks or t == kind for t, ks in _ONLY_OF.items())
    }


def inputs_schema(inputs: Any) -> tuple[JsonSchema | None, str]:
    """The parameters ``inputs`` stands for, or ``None`` and why smolagents would refuse it."""
    if not isinstance(inputs, dict):
        return None, "is not a dict"
    properties: dict[str, Any] = {}
    required: list[str] = []
    for key, value in inputs.items():
        if not isinstance(key, str) or not isinstance(value, dict):
            return None, f"input {key!r} is not a dict"
        if "type" not in value or "description" not in value:
            return None, f"input {key!r} lacks 'type' or 'description'"
        written = value["type"]
        types = [written] if isinstance(written, str) else written
        if not isinstance(types, list) or not all(isinstance(t, str) for t in types):
            return None, f"input {key!r}: its type is neither a string nor a list of strings"
        unknown = [t for t in types if t not in AUTHORIZED_TYPES]
        if unknown:
            return None, f"input {key!r}: types {unknown} are not smolagents' AUTHORIZED_TYPES"
        nullable = value.get("nullable") is True
        # "any" at the top is a string to the model (smolagents rewrites it), so is it here.
        named: list[str] = ["string" if t == "any" else _SENT_AS.get(str(t), str(t)) for t in types]
        sent = list(dict.fromkeys(named))
        if nullable and "null" not in sent:
            sent.append("null")
        # The rest of the input's keys (items, enum, ...) describe each non-null type; a union
        # is an anyOf, as toolgen writes every union (a type list is not every provider's).
        rest = {k: v for k, v in value.items() if k not in ("type", "nullable", "description")}
        # An input's description is required by smolagents, and the only one the model sees.
        branches = [
            {"type": t, **_keys_of(t, rest)} if t != "null" else {"type": "null"} for t in sent
        ]
        prop: dict[str, Any] = branches[0] if len(branches) == 1 else {"anyOf": branches}
        prop = {"description": value["description"], **prop}
        properties[key] = prop
        if not nullable:
            required.append(key)
    return {"type": "object", "properties": properties, "required": required}, ""


__all__ = ["AUTHORIZED_TYPES", "inputs_schema"]
