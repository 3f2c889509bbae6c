"""The run-time validator: each keyword's message and path, $ref and recursion, what it refuses
to compile, and that it stands alone (standard library only)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path
from typing import Any

import pytest

from toolgen.runtime import validate as v
from toolgen.runtime.validate import compile, validate

RUNTIME = Path(v.__file__).parent


def one(schema: dict[str, Any], instance: Any) -> tuple[str, str]:
    errors = validate(schema, instance)
    assert len(errors) == 1, errors
    return errors[0]["path"], errors[0]["message"]


@pytest.mark.parametrize(
    ("schema", "instance", "message"),
    [
        ({"type": "integer"}, "42", 'expected an integer, got "42"'),
        ({"type": "integer"}, True, "expected an integer, got true"),
        ({"type": "integer"}, 1.5, "expected an integer, got 1.5"),
        ({"type": "number"}, False, "expected a number, got false"),
        ({"type": "boolean"}, 1, "expected a boolean, got 1"),
        ({"type": "null"}, 0, "expected null, got 0"),
        ({"type": ["string", "null"]}, 3, "expected a string or null, got 3"),
        ({"type": "array"}, "[1, 2]", 'expected an array, got "[1, 2]"'),
        ({"type": "object"}, [1], "expected an object, got [1]"),
        ({"enum": ["a", "b"]}, "c", 'expected one of "a", "b", got "c"'),
        ({"enum": [1]}, True, "expected one of 1, got true"),
        ({"const": "x"}, "y", 'expected "x", got "y"'),
        ({"minimum": 3}, 2, "expected at least 3, got 2"),
        ({"maximum": 3}, 3.5, "expected at most 3, got 3.5"),
        ({"exclusiveMinimum": 0}, 0, "expected more than 0, got 0"),
        ({"exclusiveMaximum": 10}, 10, "expected less than 10, got 10"),
        ({"multipleOf": 5}, 7, "expected a multiple of 5, got 7"),
        ({"minLength": 3}, "ab", 'expected at least 3 characters, got 2: "ab"'),
        ({"maxLength": 1}, "ab", 'expected at most 1 character, got 2: "ab"'),
        (
            {"pattern": "^[a-z]+$"},
            "ABC",
            'expected a string matching the pattern "^[a-z]+$", got "ABC"',
        ),
        ({"format": "date"}, "2024-02-30", 'expected a date as YYYY-MM-DD, got "2024-02-30"'),
        (
            {"format": "uuid"},
            "123e4567e89b12d3a456426614174000",
            'expected a UUID such as "123e4567-e89b-12d3-a456-426614174000", '
            'got "123e4567e89b12d3a456426614174000"',
        ),
        ({"minItems": 2}, [1], "expected at least 2 items, got 1 item"),
        ({"maxItems": 1}, [1, 2], "expected at most 1 item, got 2 items"),
        (
            {"uniqueItems": True},
            [1, 2, 1.0],
            "expected unique items, got the same value at 0 and 2: 1.0",
        ),
        (
            {"minProperties": 1},
            {},
            "expected at least 1 property, got 0 properties",
        ),
        ({"maxProperties": 0}, {"a": 1}, "expected at most 0 properties, got 1 property"),
        (False, 1, "no value is allowed here, got 1"),
        (
            {"anyOf": [{"type": "integer"}, {"type": "null"}]},
            "42",
            'expected an integer or null, got "42"',
        ),
        (
            {"oneOf": [{"type": "integer"}, {"type": "number"}]},
            1,
            "expected an integer or a number, matching exactly one alternative, got 1, which matches 2",
        ),
    ],
)
def test_each_keyword_says_what_was_expected_and_what_came(
    schema: dict[str, Any], instance: Any, message: str
) -> None:
    assert one(schema, instance) == ("", message)


def test_values_are_valid_as_json_schema_defines_them() -> None:
    assert validate({"type": "integer"}, 1.0) == []  # 1.0 is an integer
    assert validate({"type": "number"}, 10**30) == []
    assert validate({"uniqueItems": True}, [1, True, "1", [1], [True]]) == []  # 1 is not true
    assert validate({"uniqueItems": True}, [{"a": 1, "b": 2}, {"b": 2, "a": 1}]) != []
    assert validate({"enum": [[1, {"a": None}]]}, [1.0, {"a": None}]) == []
    assert validate({"maxLength": 1}, "😀") == []  # code points, not UTF-16 units
    assert validate({"pattern": "b"}, "abc") == []  # search, not match
    assert validate({"format": "date-time"}, "not a date") == []  # as jsonschema (no extras)
    assert validate({"format": "email"}, "nobody") == []  # other formats are annotations
    assert validate({"minimum": 3}, "2") == []  # numeric keywords apply to numbers only
    assert validate({"type": "string", "description": "x", "default": 1, "title": "t"}, "s") == []


def test_paths_are_json_pointers_in_document_order() -> None:
    schema = {
        "type": "object",
        "properties": {
            "a/b~c": {"type": "integer"},
            "list": {"type": "array", "items": {"type": "string"}},
            "z": {"type": "integer"},
        },
        "required": ["a/b~c", "need"],
        "additionalProperties": False,
    }
    errors = validate(schema, {"z": "1", "list": ["ok", 2, 3], "extra": 0})
    assert errors == [
        {"path": "/z", "message": 'expected an integer, got "1"'},
        {"path": "/list/1", "message": "expected a string, got 2"},
        {"path": "/list/2", "message": "expected a string, got 3"},
        {
            "path": "/extra",
            "message": 'unexpected property "extra" (allowed: "a/b~c", "list", "z")',
        },
        {"path": "/a~1b~0c", "message": "required property is missing"},
        {"path": "/need", "message": "required property is missing"},
    ]


def test_objects_arrays_and_property_names_reach_their_children() -> None:
    schema = {
        "type": "object",
        "additionalProperties": {"type": "integer"},
        "propertyNames": {"enum": ["a", "b"]},
    }
    assert validate(schema, {"a": 1, "c": "x"}) == [
        {"path": "/c", "message": 'expected an integer, got "x"'},
        {"path": "/c", "message": 'property name "c": expected one of "a", "b", got "c"'},
    ]
    pair = {"prefixItems": [{"type": "number"}, {"type": "string"}], "items": False}
    assert validate(pair, [1, 2]) == [{"path": "/1", "message": "expected a string, got 2"}]
    assert one(pair, [1, "a", None]) == ("", "expected at most 2 items, got 3 items")


def test_an_alternative_that_took_the_value_says_what_to_fix() -> None:
    schema = {
        "type": "object",
        "properties": {"book": {"anyOf": [{"$ref": "#/$defs/Book"}, {"type": "null"}]}},
        "$defs": {
            "Book": {
                "type": "object",
                "properties": {"title": {"type": "string"}, "genre": {"enum": ["a", "b"]}},
                "required": ["title"],
            }
        },
    }
    assert validate(schema, {"book": {"genre": "c"}}) == [
        {"path": "/book/genre", "message": 'expected one of "a", "b", got "c"'},
        {"path": "/book/title", "message": "required property is missing"},
    ]
    assert validate(schema, {"book": 3}) == [
        {"path": "/book", "message": "expected an object or null, got 3"}
    ]
    # Optional[date] and Optional[Literal[...]]: what is wrong with the value, not a list
    maybe_date = {"anyOf": [{"type": "string", "format": "date"}, {"type": "null"}]}
    assert one(maybe_date, "tomorrow") == ("", 'expected a date as YYYY-MM-DD, got "tomorrow"')
    assert one(maybe_date, 3) == ("", "expected a string or null, got 3")
    maybe_genre = {"anyOf": [{"enum": ["a", "b"]}, {"type": "null"}]}
    assert one(maybe_genre, "c") == ("", 'expected one of "a", "b", got "c"')
    assert validate({"allOf": [{"minimum": 1}, {"multipleOf": 2}]}, 0.5) == [
        {"path": "", "message": "expected at least 1, got 0.5"},
        {"path": "", "message": "expected a multiple of 2, got 0.5"},
    ]


def test_recursive_refs_and_deeper_pointers() -> None:
    schema = {
        "$ref": "#/$defs/Node",
        "$defs": {
            "Node": {
                "type": "object",
                "properties": {
                    "value": {"type": "integer"},
                    "next": {"anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}]},
                    "same": {"$ref": "#/$defs/Node/properties/value"},
                },
            }
        },
    }
    deep: dict[str, Any] = {"value": 0, "next": None}
    for i in range(100):
        deep = {"value": i, "next": deep}
    assert validate(schema, deep) == []
    assert one(schema, {"next": {"next": {"value": "x"}}}) == (
        "/next/next/value",
        'expected an integer, got "x"',
    )
    assert one(schema, {"same": 1.5}) == ("/same", "expected an integer, got 1.5")


def test_each_definition_is_compiled_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without memoising by pointer, each level would compile the next twice: 2**40 nodes."""
    defs = {f"D{i}": {"anyOf": [{"$ref": f"#/$defs/D{i + 1}"}] * 2} for i in range(40)}
    defs["D40"] = {"type": "integer"}
    compiled = 0
    node = v._Compiler.node

    def counting(self: Any, schema: Any, where: str) -> Any:
        nonlocal compiled
        compiled += 1
        return node(self, schema, where)

    monkeypatch.setattr(v._Compiler, "node", counting)
    validator = compile({"$ref": "#/$defs/D0", "$defs": defs})
    assert compiled < 4 * len(defs)
    assert validator.is_valid(3)


def test_a_schema_is_compiled_once_per_object() -> None:
    schema = {"type": "string"}
    assert compile(schema) is compile(schema)
    assert compile(dict(schema)) is not compile(schema)


@pytest.mark.parametrize(
    ("schema", "words"),
    [
        ({"not": {}}, "unsupported keyword(s) not"),
        ({"properties": {"a": {"patternProperties": {}}}}, "#/properties/a: unsupported"),
        ({"$ref": "other.json#/x"}, "only local references"),
        ({"$ref": "#/$defs/Missing"}, "$ref points to nothing"),
        ({"$ref": "#anchor"}, "not anchors"),
        ({"pattern": "("}, "is not a regular expression"),
        ({"type": "int"}, "type must be a type name"),
        ({"minLength": -1}, "minLength must be a non-negative integer"),
        ({"minimum": "3"}, "minimum must be a number"),
        ({"multipleOf": 0}, "multipleOf must be more than 0"),
        ({"anyOf": []}, "anyOf must be a non-empty list"),
        ({"$defs": {"Unused": {"if": {}}}}, "#/$defs/Unused: unsupported keyword(s) if"),
        ({"items": 3}, "a schema is an object or a boolean"),
    ],
)
def test_what_it_cannot_check_is_a_value_error_at_compile_time(
    schema: dict[str, Any], words: str
) -> None:
    with pytest.raises(ValueError, match="schema at") as raised:
        validate(schema, None)
    assert words in str(raised.value)


def test_what_came_is_cut_to_about_80_characters() -> None:
    _, message = one({"type": "integer"}, "x" * 500)
    assert message == 'expected an integer, got "' + "x" * 78 + "…"  # 80 characters
    _, message = one({"type": "string"}, list(range(100)))
    assert len(message) < 120
    assert message.endswith("…")


def test_a_value_nested_too_deeply_is_an_error_not_a_crash() -> None:
    schema = {
        "$ref": "#/$defs/L",
        "$defs": {"L": {"type": "array", "items": {"$ref": "#/$defs/L"}}},
    }
    deep: list[Any] = []
    for _ in range(sys.getrecursionlimit() * 2):
        deep = [deep]
    assert validate(schema, deep) == [
        {"path": "", "message": "the value is nested too deeply to check"}
    ]


def test_the_validator_imports_only_the_standard_library() -> None:
    for module in ("validate.py", "keywords.py"):
        tree = ast.parse((RUNTIME / module).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # within the run-time package: only its keywords module
                    assert node.module == "keywords", (module, node.module)
                    continue
                names = [node.module or ""]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert top == "__future__" or top in sys.stdlib_module_names, (module, name)


def test_enum_and_const_together_and_a_types_keywords_after_a_wrong_type() -> None:
    """Both found by the differential test against jsonschema."""
    assert validate({"enum": [None], "const": []}, []) != []
    schema = {"type": "null", "required": ["a"]}  # required applies to any object
    assert validate(schema, {}) == [
        {"path": "", "message": "expected null, got {}"},
        {"path": "/a", "message": "required property is missing"},
    ]


@pytest.mark.parametrize(
    ("pattern", "instance", "matches"),
    [
        ("^[a-z]+$", "abc\n", False),  # ECMA-262: $ is the end of the input, not before a "\n"
        ("^[a-z]+$", "abc", True),
        ("^a$|^b$", "b\n", False),
        (r"^\$$", "$", True),  # an escaped $ is the character
        ("^[$]+$", "$$", True),  # so is a $ in a class
        (r"^[\]$]+$", "]$", True),
        ("^a(?=$)", "a\n", False),
        ("a\n$", "a\n", True),
    ],
)
def test_a_dollar_anchors_at_the_end_of_the_input_as_json_schema_reads_it(
    pattern: str, instance: str, matches: bool
) -> None:
    assert (validate({"pattern": pattern}, instance) == []) is matches
