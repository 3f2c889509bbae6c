"""``gemini_response``: TOOLS_GEMINI describes each tool's return type in the form its parameters
go in, and ``google.genai.types.FunctionDeclaration`` takes it back unchanged: ``response`` (a
``Schema``) beside ``parameters``, ``responseJsonSchema`` beside ``parametersJsonSchema``."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

SOURCE = '''
from typing import Literal

from pydantic import BaseModel

from toolgen import tool


class Reading(BaseModel):
    hour: int
    celsius: float


class Forecast(BaseModel):
    """A forecast."""

    city: str
    readings: list[Reading]
    unit: Literal["c", "f"] = "c"


@tool
def forecast(city: str) -> Forecast:
    """Get a forecast."""


@tool
def rain_chance(city: str) -> float | None:
    """The chance of rain."""


@tool
def stations(region: str) -> list[str]:
    """The stations of a region."""


@tool
def reset(station: str) -> None:
    """Reset a station."""
'''
VALUES: dict[str, list[Any]] = {
    "forecast": [{"city": "Oslo", "readings": [{"hour": 1, "celsius": -2.5}], "unit": "c"}],
    "rain_chance": [0.25, None],
    "stations": [["OSL", "BGO"]],
}
NOT_VALUES: dict[str, list[Any]] = {
    "forecast": [{"city": "Oslo"}, {"city": "Oslo", "readings": [{"hour": "one"}]}],
    "rain_chance": ["likely"],
    "stations": [[1]],
}


def _declarations(build_pkg, said: tuple[str, ...] = (), **options: Any) -> dict[str, Any]:
    built = build_pkg(
        {"pkg/__init__.py": "", "pkg/tools.py": SOURCE}, providers=("gemini",), **options
    )
    assert built.diagnostics == [f"pkg/tools.py:22:1: warning: gemini: {d}" for d in said]
    return {d["name"]: d for d in built.module["TOOLS_GEMINI"]}


@pytest.mark.parametrize("flavour", ["gemini", "vertex"])
def test_response_beside_parameters_is_a_schema_the_sdk_takes_back_unchanged(
    build_pkg, flavour: str
) -> None:
    from google.genai import types

    found = _declarations(build_pkg, gemini_response=True, gemini_flavour=flavour)
    assert {n for n, d in found.items() if "response" in d} == set(VALUES)  # not reset's None
    for name, decl in found.items():
        assert "responseJsonSchema" not in decl  # the two forms are exclusive
        parsed = types.FunctionDeclaration.model_validate(decl)  # extra="forbid" at every level
        assert parsed.model_dump(by_alias=True, exclude_none=True, mode="json") == decl, name
        assert (parsed.response is not None) == (name in VALUES)
    response = types.FunctionDeclaration.model_validate(found["forecast"]).response
    assert response is not None and response.type == types.Type.OBJECT
    readings = (response.properties or {})["readings"]
    assert readings.items is not None and readings.items.required == ["hour", "celsius"]
    nullable = types.FunctionDeclaration.model_validate(found["rain_chance"]).response
    assert nullable is not None
    if flavour == "gemini":
        assert nullable.type == types.Type.NUMBER and nullable.nullable
    else:  # Vertex AI has no NULL type: as in parameters, a branch that is only nullable
        branches = nullable.any_of or []
        assert [b.type for b in branches] == [types.Type.NUMBER, None] and branches[1].nullable


def test_response_json_schema_beside_parameters_json_schema_accepts_what_the_function_returns(
    build_pkg,
) -> None:
    from google.genai import types

    folded = "tool 'forecast' at /response/properties/unit: default is not accepted by Gemini"
    found = _declarations(
        build_pkg,
        (f"{folded}; folded into the description",),  # as in parametersJsonSchema
        gemini_response=True,
        gemini_schema_field="json",
    )
    assert {n for n, d in found.items() if "responseJsonSchema" in d} == set(VALUES)
    for name, decl in found.items():
        assert "response" not in decl
        parsed = types.FunctionDeclaration.model_validate(decl)
        assert parsed.model_dump(by_alias=True, exclude_none=True, mode="json") == decl, name
        if name not in VALUES:
            continue
        validator = jsonschema.Draft202012Validator(parsed.response_json_schema)
        for value in VALUES[name]:
            validator.validate(value)
        for value in NOT_VALUES[name]:
            assert not validator.is_valid(value), (name, value)


def test_off_by_default_no_declaration_describes_its_return(build_pkg) -> None:
    for decl in _declarations(build_pkg).values():
        assert "response" not in decl and "responseJsonSchema" not in decl
