"""Tools made by calls, in general: a call's arguments read where the call is written, statement
calls (``mcp.add_tool(fn, ...)``, ``toolset.add_function(fn, ...)``), factories that return
tools, and bound methods (``obj.method``, ``Cls(...).__call__``)."""

from __future__ import annotations

IMPL = '''
def get_weather(city: str) -> str:
    """Get the weather for a city."""


def echo(text: str) -> str:
    """Echo the text back."""
'''


def build(build_pkg, files: dict[str, str], **options):
    return build_pkg({"pkg/__init__.py": "", "pkg/impl.py": IMPL, **files}, **options)


def by_name(tools: list[dict]) -> dict[str, dict]:
    return {t["name"]: t for t in tools}


def test_a_calls_arguments_are_read_in_the_module_the_call_is_written_in(build_pkg) -> None:
    # The function is defined in pkg.impl; the call, and the constants it names, in pkg.registry.
    registry = (
        "from autogen_core.tools import FunctionTool\n"
        "from langchain_core.tools import StructuredTool\n"
        "from pkg import texts\nfrom pkg.impl import echo, get_weather\n"
        "from pkg.texts import PREFIX, WEATHER\n\n"
        'weather = FunctionTool(get_weather, WEATHER, name=f"{PREFIX}_weather")\n'
        "repeat = StructuredTool.from_function(echo, description=texts.ECHO)\n"
    )
    texts = 'PREFIX = "desk"\nWEATHER = "Weather, today."\nECHO = "Say it again."\n'
    built = build(build_pkg, {"pkg/registry.py": registry, "pkg/texts.py": texts})
    assert built.diagnostics == []
    tools = by_name(built.module["TOOLS"])
    assert tools["desk_weather"]["description"] == "Weather, today."
    assert tools["echo"]["description"] == "Say it again."
