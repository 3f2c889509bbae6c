"""``Toolbox.decode``: a model's call undone, validated by the real signature, and converted
to the declared types; every error kind said with its path, in words a model can act on."""

from __future__ import annotations

import asyncio
import datetime as dt
import decimal
import inspect
import sys
import uuid
import warnings
from typing import Any

import pytest

from tests.runtime.conftest import Build
from toolgen.runtime import ArgumentError, Toolbox

LIBRARY = {
    "library/__init__.py": "",
    "library/models.py": """
        import enum
        from pydantic import BaseModel


        class Genre(enum.Enum):
            FICTION = "fiction"
            POETRY = "poetry"


        class Book(BaseModel):
            title: str
            genre: Genre = Genre.FICTION
            pages: int | None = None
    """,
    "library/tools.py": """
        import datetime as dt
        import decimal
        import uuid
        from dataclasses import dataclass, field
        from typing import Annotated, Literal
        from typing_extensions import TypedDict, NotRequired

        from pydantic import Field

        from toolgen import tool
        from library.models import Book, Genre


        @dataclass
        class Shelf:
            name: str
            books: list[Book] = field(default_factory=list)


        class Note(TypedDict):
            text: str
            pinned: NotRequired[bool]


        @tool
        def add_book(book: Book, shelf: str = "main") -> str:
            \"\"\"Add a book to a shelf.\"\"\"
            return f"{book.title} ({book.genre.value}) on {shelf}"


        @tool
        async def lend(
            book_id: uuid.UUID,
            due: dt.date,
            fee: decimal.Decimal,
            copies: Annotated[int, Field(gt=0, le=5)] = 1,
            tags: set[str] = set(),
            at: tuple[float, float] = (0.0, 0.0),
            mode: Literal["post", "desk"] = "desk",
        ) -> dict[str, str]:
            \"\"\"Lend a book.\"\"\"
            return {"book": str(book_id), "due": due.isoformat(), "mode": mode}


        @tool
        def shelve(shelf: Shelf, note: Note | None = None, genre: Genre | None = None) -> int:
            \"\"\"Put a shelf up.\"\"\"
            return len(shelf.books)
    """,
}


@pytest.fixture
def library(build: Build) -> Any:
    return build(LIBRARY)


def test_a_nested_default_sent_as_null_under_openai_strict_is_left_out(library: Any) -> None:
    """Strict mode makes Book.genre required and nullable; its null means "not given"."""
    genre = library.TOOLS_OPENAI[0]["function"]["parameters"]["properties"]["book"]
    assert genre["properties"]["genre"]["anyOf"][-1] == {"type": "null"}
    box = Toolbox(library, provider="openai")
    function, kwargs = box.decode(
        "add_book", '{"book": {"title": "Dune", "genre": null, "pages": null}, "shelf": null}'
    )
    from library.models import Book, Genre

    assert kwargs == {"book": Book(title="Dune"), "shelf": "main"}
    assert kwargs["book"].genre is Genre.FICTION
    assert function(**kwargs) == "Dune (fiction) on main"
    # pages accepts null in the IR already (int | None): its null stays a null.
    assert library.TOOL_CALLS_OPENAI["add_book"]["omit_nulls"] == ["/book/genre", "/shelf"]


def test_nulls_in_lists_of_models_are_left_out_too(library: Any) -> None:
    box = Toolbox(library, provider="openai_responses")
    shelf = {"name": "a", "books": [{"title": "x", "genre": None, "pages": None}]}
    _, kwargs = box.decode("shelve", {"shelf": shelf, "note": None, "genre": None})
    assert kwargs["shelf"].books[0].genre.value == "fiction"
    assert "/shelf/books/*/genre" in library.TOOL_CALLS_OPENAI_RESPONSES["shelve"]["omit_nulls"]


def test_values_come_as_the_annotations_declare_them(library: Any) -> None:
    box = Toolbox(library, provider="anthropic")
    book_id = "12345678-1234-5678-1234-567812345678"
    _, kwargs = box.decode(
        "lend",
        {"book_id": book_id, "due": "2030-01-02", "fee": 1.5, "tags": ["a"], "at": [1, 2]},
    )
    assert kwargs["book_id"] == uuid.UUID(book_id)
    assert kwargs["due"] == dt.date(2030, 1, 2)
    assert kwargs["fee"] == decimal.Decimal("1.5")
    assert kwargs["tags"] == {"a"} and kwargs["at"] == (1.0, 2.0)
    _, kwargs = box.decode("shelve", {"shelf": {"name": "s"}, "note": {"text": "t"}})
    assert type(kwargs["shelf"]).__name__ == "Shelf" and kwargs["note"] == {"text": "t"}


def test_call_and_acall_run_sync_and_async_functions(library: Any) -> None:
    box = Toolbox(library, provider="gemini")
    args = {"book_id": "12345678-1234-5678-1234-567812345678", "due": "2030-01-02", "fee": 2}
    assert box.call("lend", args)["due"] == "2030-01-02"
    assert asyncio.run(box.acall("lend", args))["mode"] == "desk"
    assert box.call("add_book", {"book": {"title": "T"}}) == "T (fiction) on main"
    assert asyncio.run(box.acall("add_book", {"book": {"title": "T"}})) == "T (fiction) on main"


def _refused(box: Toolbox, name: str, arguments: Any) -> ArgumentError:
    with pytest.raises(ArgumentError) as caught:
        box.decode(name, arguments)
    return caught.value


def test_an_unknown_tool_names_the_tools_there_are(library: Any) -> None:
    err = _refused(Toolbox(library, provider="openai"), "add_boook", {})
    assert err.tool == "add_boook"
    assert err.errors == [
        {"path": "", "message": "there is no such tool; the tools are: add_book, lend, shelve"}
    ]
    assert str(err) == (
        "The call to tool 'add_boook' was refused: there is no such tool; "
        "the tools are: add_book, lend, shelve."
    )


def test_malformed_json_says_where(library: Any) -> None:
    err = _refused(Toolbox(library, provider="openai"), "add_book", '{"book": {"title": "x"')
    assert err.errors[0]["path"] == ""
    assert str(err) == (
        "The call to tool 'add_book' was refused: the arguments are not valid JSON "
        "(Expecting ',' delimiter at line 1, column 23); send one JSON object."
    )
    err = _refused(Toolbox(library, provider="openai"), "add_book", "[1, 2]")
    assert err.errors == [{"path": "", "message": "expected an object of arguments; got [1, 2]"}]


def test_each_kind_of_problem_at_its_path(library: Any) -> None:
    box = Toolbox(library, provider="anthropic")
    err = _refused(
        box,
        "lend",
        {"due": 20300102, "fee": "x", "copies": 9, "mode": "drone", "tags": "a" * 200},
    )
    assert err.tool == "lend"
    by_path = {e["path"]: e["message"] for e in err.errors}
    assert by_path["/book_id"] == "a required field is missing"
    assert by_path["/copies"] == "input should be less than or equal to 5; got 9"
    assert by_path["/mode"] == "input should be 'post' or 'desk'; got \"drone\""
    assert by_path["/fee"].endswith('; got "x"')
    assert by_path["/due"].endswith("; got 20300102")
    assert by_path["/tags"] == 'input should be a valid set; got "' + "a" * 78 + "…"
    text = str(err)
    assert text.startswith(
        "The arguments of tool 'lend' were refused; correct them and call it again:\n"
    )
    assert "- /copies: input should be less than or equal to 5; got 9\n" in text
    assert "https://" not in text and "pydantic" not in text and "Traceback" not in text


def test_a_nested_object_of_the_wrong_type_names_no_class(library: Any) -> None:
    err = _refused(Toolbox(library, provider="anthropic"), "add_book", {"book": 5})
    assert err.errors == [{"path": "/book", "message": "expected an object; got 5"}]
    err = _refused(Toolbox(library, provider="anthropic"), "add_book", {"book": {"genre": "x"}})
    assert err.errors == [
        {"path": "/book/title", "message": "a required field is missing"},
        {"path": "/book/genre", "message": "input should be 'fiction' or 'poetry'; got \"x\""},
    ]


def test_an_extra_field_is_refused_where_the_schema_closes_the_object(library: Any) -> None:
    """OpenAI strict closes every object: a field it lists nowhere is the model's mistake."""
    box = Toolbox(library, provider="openai")
    err = _refused(box, "add_book", {"book": {"title": "x"}, "shelf": "a", "colour": "red"})
    assert err.errors == [{"path": "/colour", "message": "there is no such field"}]
    # Anthropic's schema (the IR's) lets an unknown field through, and it means nothing.
    _, kwargs = Toolbox(library, provider="anthropic").decode(
        "add_book", {"book": {"title": "x"}, "colour": "red"}
    )
    assert set(kwargs) == {"book", "shelf"}


def test_a_constraint_the_provider_could_not_say_is_caught(build: Build) -> None:
    """Gemini's schema has no exclusiveMinimum for a number, and strict OpenAI no minLength:
    decode validates against the real signature, so the call is refused all the same."""
    module = build(
        {
            "probe/__init__.py": "",
            "probe/tools.py": """
                from typing import Annotated
                from pydantic import Field
                from toolgen import tool


                @tool
                def weigh(
                    kg: Annotated[float, Field(gt=0)],
                    label: Annotated[str, Field(min_length=2)] = "xx",
                ) -> float:
                    \"\"\"Weigh a parcel.\"\"\"
                    return kg
            """,
        }
    )
    gemini = module.TOOLS_GEMINI[0]["parameters"]["properties"]["kg"]
    assert "exclusiveMinimum" not in gemini
    err = _refused(Toolbox(module, provider="gemini"), "weigh", {"kg": 0})
    assert err.errors == [{"path": "/kg", "message": "input should be greater than 0; got 0"}]
    err = _refused(Toolbox(module, provider="openai"), "weigh", {"kg": 1, "label": "x"})
    assert err.errors[0]["path"] == "/label"


def test_no_tool_module_is_imported_until_a_tool_is_decoded(library: Any) -> None:
    sys.modules.pop("library.tools", None)
    box = Toolbox(library, provider="bedrock")
    assert box.names() == ["add_book", "lend", "shelve"]
    assert box.info("add_book").function == "library.tools:add_book"
    assert "library.tools" not in sys.modules
    box.decode("add_book", {"book": {"title": "x"}})
    assert "library.tools" in sys.modules


def test_functions_given_directly_are_called(library: Any) -> None:
    seen: list[Any] = []

    def add_book(book: Any, shelf: str = "main") -> str:
        seen.append((book, shelf))
        return "given"

    box = Toolbox(library, provider="mcp", functions={"add_book": add_book})
    assert box.call("add_book", {"book": {"title": "x"}}) == "given"
    assert seen == [({"title": "x"}, "main")]


def test_info_says_what_the_module_says(library: Any) -> None:
    box = Toolbox(library, provider="openai")
    info = box.info("lend")
    assert info.name == "lend" and info.wire_name == "lend"
    assert info.description == "Lend a book."
    assert info.definition is library.TOOLS_OPENAI[1]
    assert info.input_schema == library.TOOLS_OPENAI[1]["function"]["parameters"]
    assert info.ir_schema == library.TOOLS[1]["parameters"]
    assert box.tools is library.TOOLS_OPENAI
    with pytest.raises(ArgumentError):
        box.info("nope")


def test_a_module_without_the_run_time_constants_is_refused_plainly() -> None:
    with pytest.raises(ValueError, match="TOOL_CALLS_OPENAI"):
        Toolbox({"TOOLS_OPENAI": []}, provider="openai")
    with pytest.raises(ValueError, match="unknown provider 'claude'"):
        Toolbox({}, provider="claude")


def test_without_pydantic_the_ir_decides_and_json_values_pass(
    library: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The validator of the IR's keywords stands in; the values stay the JSON the model sent."""
    from toolgen.runtime import signature

    monkeypatch.setattr(signature, "available", lambda: False)
    box = Toolbox(library, provider="openai")
    _, kwargs = box.decode("add_book", {"book": {"title": "x", "genre": None}, "shelf": None})
    assert kwargs == {"book": {"title": "x"}}
    err = _refused(box, "lend", {"book_id": "nope", "due": "2030-01-02", "fee": 1, "copies": 0})
    assert {e["path"] for e in err.errors} == {"/book_id", "/copies"}
    assert "- /copies: " in str(err)


def test_the_per_provider_layout_finds_the_ir_beside_the_providers_module(
    build: Build, monkeypatch: pytest.MonkeyPatch
) -> None:
    from toolgen.runtime import signature

    build(LIBRARY, layout="per-provider")
    import importlib

    gemini = importlib.import_module("library.tool_schemas_gemini")
    assert not hasattr(gemini, "TOOLS")
    monkeypatch.setattr(signature, "available", lambda: False)
    box = Toolbox(gemini, provider="gemini")
    assert box.info("shelve").ir_schema["properties"]["shelf"] == {"$ref": "#/$defs/Shelf"}
    err = _refused(box, "shelve", {"shelf": {"books": []}})
    assert err.errors[0]["path"] == "/shelf/name"


def test_a_frameworks_tool_object_is_called_through_the_function_it_wraps(build: Build) -> None:
    """What a decorator left at the import path (LangChain's StructuredTool keeps ``func``)."""
    module = build(
        {
            "wrapped/__init__.py": "",
            "wrapped/tools.py": """
                from toolgen import tool


                class StructuredTool:
                    def __init__(self, func):
                        self.func = func

                    def __call__(self, text):
                        raise AssertionError("the wrapper's own call is not the function")


                def framework_tool(func):
                    return StructuredTool(func)


                @tool
                @framework_tool
                def shout(text: str) -> str:
                    \"\"\"Shout.\"\"\"
                    return text.upper()
            """,
        }
    )
    assert Toolbox(module, provider="openai").call("shout", {"text": "hi"}) == "HI"


FRAMEWORK_OBJECTS = """
    import functools
    import inspect

    from pydantic import BaseModel

    from toolgen import tool


    class Point(BaseModel):
        x: int


    class FunctionTool:  # openai-agents: not callable; the function behind a __wrapped__ property
        def __init__(self, func):
            self._func = func

        @property
        def __wrapped__(self):
            return self._func


    class DecoratedFunctionTool:  # strands: callable, functools.update_wrapper'd
        def __init__(self, func):
            self._tool_func = func
            functools.update_wrapper(self, func)

        def __call__(self, *args, **kwargs):
            raise AssertionError("the wrapper's own call is not the function")


    class Tool:  # smolagents' @tool: a Tool whose forward is the function, "self" in its signature
        def __call__(self, *args, sanitize_inputs_outputs=False, **kwargs):
            raise AssertionError("the wrapper's own call is not the function")


    def smolagents_tool(func):
        class SimpleTool(Tool):
            pass

        signature = inspect.signature(func)
        self = inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)
        SimpleTool.forward = staticmethod(func)
        func.__signature__ = signature.replace(parameters=[self, *signature.parameters.values()])
        return SimpleTool()


    @tool
    @FunctionTool
    def agents_move(point: Point) -> int:
        \"\"\"Move.\"\"\"
        return point.x + 1


    @tool
    @DecoratedFunctionTool
    def strands_move(point: Point) -> int:
        \"\"\"Move.\"\"\"
        return point.x + 2


    @tool
    @smolagents_tool
    def smol_move(point: Point) -> int:
        \"\"\"Move.\"\"\"
        return point.x + 3


    class AgnoFunction:  # agno's @tool: a Function (not callable), its wrapper the entrypoint
        def __init__(self, func):
            @functools.wraps(func)
            def sync_wrapper(*args, **kwargs):
                return func(*args, **kwargs)

            self.entrypoint = sync_wrapper


    @tool
    @AgnoFunction
    def agno_move(point: Point) -> int:
        \"\"\"Move.\"\"\"
        return point.x + 4
"""


@pytest.mark.parametrize(
    ("wire", "moved"),
    [("agents_move", 2), ("strands_move", 3), ("smol_move", 4), ("agno_move", 5)],
)
def test_the_function_behind_a_frameworks_tool_object_is_the_one_decoded_and_called(
    build: Build, wire: str, moved: int
) -> None:
    """openai-agents' FunctionTool keeps its function as ``__wrapped__`` (and is not callable),
    strands' tool object is ``functools.update_wrapper`` 'd, smolagents' keeps it as ``forward``
    with ``self`` put into its ``__signature__``, agno's ``Function`` as ``entrypoint``: the
    function itself is validated and called,
    and a model arrives as the model (each failed before: a TypeError, or the wrapper's call)."""
    module = build({"objects/__init__.py": "", "objects/tools.py": FRAMEWORK_OBJECTS})
    box = Toolbox(module, provider="openai")
    function, kwargs = box.decode(wire, {"point": {"x": 1}})
    assert inspect.isfunction(function) and function.__name__ == wire
    assert type(kwargs["point"]).__name__ == "Point"
    assert box.call(wire, {"point": {"x": 1}}) == moved
    assert _refused(box, wire, {"point": {"x": "one"}}).errors[0]["path"] == "/point/x"


def test_an_injected_context_typed_under_type_checking_does_not_stop_validation(
    build: Build,
) -> None:
    """ADK's tools name ``ToolContext`` under ``TYPE_CHECKING``: the injected parameter's
    annotation cannot be evaluated, but it is not the model's to send; the others are still
    validated and converted by the signature, with no warning (before: a fallback to the IR,
    the model passed as a dict)."""
    module = build(
        {
            "trips/__init__.py": "",
            "trips/tools.py": """
                from __future__ import annotations

                from typing import TYPE_CHECKING

                from pydantic import BaseModel

                if TYPE_CHECKING:
                    from google.adk.tools.tool_context import ToolContext
                    from trips.secret import Receipt


                class Stop(BaseModel):
                    city: str
                    nights: int = 1


                def add_stop(stop: Stop, tool_context: ToolContext) -> Receipt:
                    \"\"\"Add a stop.\"\"\"
                    return stop.nights
            """,
        },
        select="public",
        frameworks=("google-adk",),
    )
    box = Toolbox(module, provider="gemini")
    assert "tool_context" not in box.info("add_stop").input_schema["properties"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        function, kwargs = box.decode("add_stop", {"stop": {"city": "Oslo"}})
    assert type(kwargs["stop"]).__name__ == "Stop" and kwargs["stop"].nights == 1
    assert function(tool_context=None, **kwargs) == 1
    assert _refused(box, "add_stop", {"stop": {"nights": 2}}).errors[0]["path"] == "/stop/city"


SIGNATURES = {
    "pager/__init__.py": "",
    "pager/tools.py": """
        from typing import Optional

        from toolgen import tool


        @tool
        def page(message: str, incident_id: Optional[str], rota: str = "primary") -> str:
            \"\"\"Page someone.\"\"\"
            return f"{message}|{incident_id}|{rota}"
    """,
    # openai-agents passes positional-only parameters by position; the module imports the
    # framework, so the function is given to the Toolbox (the same code, defined below).
    "pager/agent_tools.py": """
        from agents import function_tool


        @function_tool
        def cancel(pickup_id: str, /, reason: str = "") -> str:
            \"\"\"Cancel a pickup.\"\"\"
            return f"{pickup_id}|{reason}"
    """,
}


def _cancel(pickup_id: str, /, reason: str = "") -> str:
    return f"{pickup_id}|{reason}"


@pytest.mark.parametrize("pydantic", [True, False], ids=["signature", "ir"])
def test_an_optional_parameter_with_no_default_left_out_is_none(
    build: Build, monkeypatch: pytest.MonkeyPatch, pydantic: bool
) -> None:
    """The IR never requires an ``Optional`` parameter, so a model may leave it out; the
    function has no default for it: it gets ``None`` (before: "a required field is missing"
    for a call the schema admits)."""
    from toolgen.runtime import signature

    module = build(SIGNATURES)
    assert module.TOOLS[1]["parameters"]["required"] == ["message"]
    if not pydantic:
        monkeypatch.setattr(signature, "available", lambda: False)
    box = Toolbox(module, provider="anthropic")
    _, kwargs = box.decode("page", {"message": "up"})
    assert kwargs["incident_id"] is None
    assert box.call("page", {"message": "up"}) == "up|None|primary"
    assert box.call("page", {"message": "up", "incident_id": "I-1"}).startswith("up|I-1|")
    openai = Toolbox(module, provider="openai")  # strict: sent as null, which means "left out"
    assert openai.call("page", {"message": "up", "incident_id": None, "rota": None}) == (
        "up|None|primary"
    )


@pytest.mark.parametrize("pydantic", [True, False], ids=["signature", "ir"])
def test_a_positional_only_parameter_is_sent_by_name_and_passed_by_position(
    build: Build, monkeypatch: pytest.MonkeyPatch, pydantic: bool
) -> None:
    """A model names every argument; ``def cancel(pickup_id, /, ...)`` takes that one by
    position only (before: the call was refused, "missing required positional only
    argument", and ``call`` could not have passed it by name)."""
    from toolgen.runtime import signature

    if not pydantic:
        monkeypatch.setattr(signature, "available", lambda: False)
    box = Toolbox(build(SIGNATURES), provider="openai", functions={"cancel": _cancel})
    _, kwargs = box.decode("cancel", {"pickup_id": "P-7", "reason": None})
    assert kwargs["pickup_id"] == "P-7"
    assert box.call("cancel", {"pickup_id": "P-7", "reason": "late"}) == "P-7|late"
    assert asyncio.run(box.acall("cancel", '{"pickup_id": "P-8", "reason": null}')) == "P-8|"
    assert _refused(box, "cancel", {"reason": "late"}).errors[0]["path"] == "/pickup_id"


def test_a_var_keyword_parameter_takes_the_fields_it_does_not_name(build: Build) -> None:
    """A LangChain BaseTool's ``_run(self, **fields)`` with an ``args_schema``: the schema's
    fields go to ``**fields`` (before: each was "there is no such field")."""
    module = build(
        {
            "kw/__init__.py": "",
            "kw/tools.py": """
                from toolgen import tool


                @tool
                def open_ticket(subject: str, body: str = "") -> str:
                    \"\"\"Open a ticket.\"\"\"
                    return subject
            """,
        }
    )

    def run(**fields: object) -> object:
        return fields

    box = Toolbox(module, provider="anthropic", functions={"open_ticket": run})
    assert box.call("open_ticket", {"subject": "Hi", "body": "b"}) == {"subject": "Hi", "body": "b"}


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="pydantic reads typing.TypedDict on 3.12+")
def test_a_typing_typeddict_pydantic_refuses_before_312_falls_back_to_the_ir(
    build: Build,
) -> None:
    module = build(
        {
            "post/__init__.py": "",
            "post/tools.py": """
                from typing import TypedDict

                from toolgen import tool


                class Address(TypedDict):
                    street: str
                    city: str


                @tool
                def ship(to: Address, express: bool = False) -> str:
                    \"\"\"Ship a parcel.\"\"\"
                    return f"{to['city']} {express}"
            """,
        }
    )
    box = Toolbox(module, provider="openai")
    with pytest.warns(RuntimeWarning, match="typing_extensions.TypedDict"):
        function, kwargs = box.decode("ship", {"to": {"street": "1 Main", "city": "Oslo"}})
    assert function.__name__ == "ship"
    assert kwargs == {"to": {"street": "1 Main", "city": "Oslo"}}
    assert box.call("ship", {"to": {"street": "1 Main", "city": "Oslo"}, "express": True}) == (
        "Oslo True"
    )
    with pytest.raises(ArgumentError) as refused:
        box.decode("ship", {"to": {"street": "1 Main"}, "express": None})
    assert [e["path"] for e in refused.value.errors] == ["/to/city"]


def test_a_function_whose_star_parameters_follow_a_default_is_decoded(build: Build) -> None:
    """``def f(a, b=1, *rest, **options)`` with ``skip_varargs``: pydantic-core refuses an
    arguments schema whose variadic parameter follows one with a default ("Required parameter
    'options' follows parameter with default"), which made every call of such a tool crash."""
    module = build(
        {
            "grep/__init__.py": "",
            "grep/tools.py": """
                from toolgen import tool


                @tool
                def grep(pattern: str, folder: str = ".", *more: str, **options: int) -> list:
                    '''Find lines.'''
                    return [pattern, folder, more, options]
            """,
        },
        skip_varargs=True,
    )
    box = Toolbox(module, provider="openai")
    function, kwargs = box.decode("grep", {"pattern": "x"})
    assert kwargs == {"pattern": "x", "folder": "."}
    assert function(**kwargs) == ["x", ".", (), {}]
