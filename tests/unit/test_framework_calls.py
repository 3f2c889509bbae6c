"""What a framework does to a call before its function sees it, said in ``TOOL_CALLS_<P>`` and
done again by ``toolgen.runtime``: LangChain's one-string ``Tool`` passes ``__arg1`` as the
function's one positional argument; smolagents leaves a nullable input's ``null`` out, for a
``forward`` whose parameter has a plain default."""

from __future__ import annotations

from typing import Any

import pytest

from toolgen.runtime import ArgumentError, Toolbox
from toolgen.runtime.toolbox import PROVIDERS

LANGCHAIN = '''
from langchain_core.tools import Tool


def shout(text: str) -> str:
    """Shout."""
    return text.upper()


def whisper(text, /):
    return text.lower()


shout_tool = Tool(name="shout", func=shout, description="Shout a text.")
whisper_tool = Tool("whisper", whisper, "Whisper a text.")
'''
SMOLAGENTS = """
from smolagents import Tool


class Export(Tool):
    name = "export"
    description = "Export a dataset."
    inputs = {
        "dataset": {"type": "string", "description": "Dataset."},
        "compress": {"type": "boolean", "description": "Gzip it.", "nullable": True},
        "into": {"type": "string", "description": "Target name.", "nullable": True},
        "how": {"type": "string", "description": "How.", "nullable": True},
        "level": {"type": "integer", "description": "Level.", "nullable": True},
    }
    output_type = "string"

    def forward(
        self, dataset: str, compress: bool = False, into: str | None = None,
        how: "str | None" = "fast", level=3,
    ) -> str:
        return dataset
"""


def shout(text: str) -> str:
    return text.upper()


def whisper(text: str, /) -> str:
    return text.lower()


def forward(
    dataset: str,
    compress: bool = False,
    into: str | None = None,
    how: str | None = "fast",
    level: Any = 3,
) -> dict[str, Any]:
    return {"dataset": dataset, "compress": compress, "into": into, "how": how, "level": level}


@pytest.fixture(params=[True, False], ids=["pydantic", "ir"])
def validated_by(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Both of the run-time's ways: by the real signature (pydantic), and by the IR alone."""
    if not request.param:
        from toolgen.runtime import signature

        monkeypatch.setattr(signature, "available", lambda: False)
    return bool(request.param)


def test_the_one_string_tools_entry_says_its_argument_goes_by_position(build_pkg) -> None:
    m = build_pkg({"pkg/__init__.py": "", "pkg/tools.py": LANGCHAIN}).module
    for provider in PROVIDERS:
        calls = m[f"TOOL_CALLS_{provider.upper()}"]
        assert calls["shout"]["positional"] == ["__arg1"], provider
        assert calls["whisper"]["positional"] == ["__arg1"], provider


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_toolbox_calls_the_one_string_tools_function_with_the_value(
    build_pkg, provider: str, validated_by: bool
) -> None:
    m = build_pkg({"pkg/__init__.py": "", "pkg/tools.py": LANGCHAIN}).module
    box = Toolbox(m, provider=provider, functions={"shout": shout, "whisper": whisper})
    assert box.call("shout", {"__arg1": "hi"}) == "HI"
    assert box.call("whisper", '{"__arg1": "HO"}') == "ho"  # positional-only: by position
    function, kwargs = box.decode("shout", {"__arg1": "hi"})
    assert function is shout and kwargs == {"text": "hi"}  # function(**kwargs) works too
    for sent in ({"__arg1": 5}, {}):
        with pytest.raises(ArgumentError) as refused:
            box.decode("shout", sent)
        assert [e["path"] for e in refused.value.errors] == ["/__arg1"]  # as the model sent it


def test_a_nullable_input_with_a_plain_default_says_null_means_the_default(build_pkg) -> None:
    m = build_pkg({"pkg/__init__.py": "", "pkg/tools.py": SMOLAGENTS}).module
    for provider in PROVIDERS:
        entry = m[f"TOOL_CALLS_{provider.upper()}"]["export"]
        # Not into (None is its default), how (None is a value it takes), level (unannotated).
        assert entry["omit_nulls"] == ["/compress"], provider


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_toolbox_gives_the_default_for_that_null_and_none_where_the_function_takes_it(
    build_pkg, provider: str, validated_by: bool
) -> None:
    m = build_pkg({"pkg/__init__.py": "", "pkg/tools.py": SMOLAGENTS}).module
    box = Toolbox(m, provider=provider, functions={"export": forward})
    nulls = {"dataset": "d", "compress": None, "into": None, "how": None, "level": None}
    assert box.call("export", nulls) == {**nulls, "compress": False}
    assert box.call("export", {"dataset": "d", "compress": True}) == {
        "dataset": "d",
        "compress": True,
        "into": None,
        "how": "fast",
        "level": 3,
    }
