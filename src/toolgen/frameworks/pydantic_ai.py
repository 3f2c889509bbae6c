"""pydantic-ai's parameters rule: a tool whose one parameter is a model takes that model's own
schema as its parameters."""

from __future__ import annotations

from toolgen.frameworks.candidate import Candidate
from toolgen.ir import JsonSchema
from toolgen.scan.model import Function, Name
from toolgen.scan.schema import SchemaMapper


def single_model(
    c: Candidate, function: Function, properties: dict[str, JsonSchema], mapper: SchemaMapper
) -> JsonSchema | None:
    """The schema of the tool's one parameter when it is a model, dataclass or TypedDict written
    plainly (not ``Annotated``, not a union), else ``None``."""
    if len(properties) != 1:
        return None
    ((name, schema),) = properties.items()
    param = next((p for p in function.params if p.name == name), None)
    ref = schema.get("$ref")
    if param is None or not isinstance(param.annotation, Name) or not isinstance(ref, str):
        return None
    entry = mapper.defs.get(ref.removeprefix("#/$defs/"))
    if entry is None or entry.schema is None or entry.schema.get("type") != "object":
        return None
    return entry.schema
