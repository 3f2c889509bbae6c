"""Semantic Kernel plugin classes: ``@kernel_function`` methods, their parameters mapped as SK
maps them, named ``plugin-function`` by the ``add_plugin`` call that names the plugin (written
in another module, inside a function), else by the class's name.

The expected schemas are what semantic-kernel 1.45.0 (the pinned version) sends OpenAI for these
classes (``kernel_function_metadata_to_function_call_format``), checked in its environment."""

from __future__ import annotations

MODELS = """
from enum import Enum
from typing import Optional

from pydantic import BaseModel, Field


class Units(str, Enum):
    METRIC = "metric"
    IMPERIAL = "imperial"


class Place(BaseModel):
    city: str = Field(description="The city.")
    country: Optional[str] = None
    tags: list[str] = []
"""
WEATHER = '''
from typing import Annotated, Literal, Optional

from semantic_kernel import Kernel
from semantic_kernel.functions import kernel_function
from semantic_kernel.functions.kernel_function_decorator import kernel_function as kf

from pkg.models import Place, Units


class WeatherPlugin:
    """Weather lookups."""

    @kernel_function(name="get_forecast", description="Get the forecast for a place.")
    async def forecast(
        self,
        place: Annotated[Place, "Where."],
        days: Annotated[int, "How many days."] = 3,
        units: Units = Units.METRIC,
        kernel: Kernel = None,
        token: Annotated[str, "A token.", {"include_in_function_choices": False}] = "",
    ) -> str:
        return ""

    @kf
    def alerts(self, region: str, level: Optional[int] = None, note: str = None,
               kind: Literal["storm", "flood"] = "storm") -> list[str]:
        """List the weather alerts.

        Args:
            region: The region.
        """
        return []


class ClockPlugin:
    @kernel_function
    def now(self, zone: Annotated[str | None, "The time zone."] = None) -> str:
        """The time now."""
        return ""
'''
APP = """
from semantic_kernel import Kernel

from pkg.weather import ClockPlugin, WeatherPlugin


def build_kernel() -> Kernel:
    kernel = Kernel()
    kernel.add_plugin(WeatherPlugin(), plugin_name="weather")
    return kernel
"""
FILES = {
    "pkg/__init__.py": "",
    "pkg/models.py": MODELS,
    "pkg/weather.py": WEATHER,
    "pkg/app.py": APP,
}


def test_plugin_methods_are_named_and_mapped_as_semantic_kernel_sends_them(build_pkg) -> None:
    built = build_pkg(FILES)
    assert sorted(built.tools) == ["ClockPlugin-now", "weather-alerts", "weather-get_forecast"]
    forecast = built.tools["weather-get_forecast"]
    assert forecast["description"] == "Get the forecast for a place."
    # ``kernel`` is SK's to fill, and ``token`` is marked out of the function choices.
    assert forecast["parameters"] == {
        "type": "object",
        "properties": {
            "place": {
                "type": "object",
                "properties": {
                    "city": {"type": "string", "description": "The city."},
                    "country": {"type": "string"},
                    "tags": {"type": "array", "items": {"type": "string"}},
                },
                # Every field whose type is not Optional, defaults or not (``_is_optional``).
                "required": ["city", "tags"],
                "description": "Where.",
            },
            "days": {"type": "integer", "description": "How many days."},
            "units": {"type": "string", "enum": ["metric", "imperial"]},
        },
        "required": ["place"],
    }
    alerts = built.tools["weather-alerts"]
    # The whole ``__doc__`` is the description; the docstring never describes a parameter.
    assert alerts["description"] == "List the weather alerts.\n\nArgs:\n    region: The region."
    assert alerts["parameters"] == {
        "type": "object",
        "properties": {
            "region": {"type": "string"},
            "level": {"type": "integer"},
            "note": {"type": "string"},
            # SK sends {"type": "object"} (no mapping for Literal), which no value the method
            # accepts is: toolgen sends the values.
            "kind": {"type": "string", "enum": ["storm", "flood"]},
        },
        # ``note: str = None``: a None default is no default to SK, so it is required.
        "required": ["region", "note"],
    }
    assert built.tools["ClockPlugin-now"]["parameters"] == {
        "type": "object",
        "properties": {"zone": {"type": "string", "description": "The time zone."}},
    }
    assert built.diagnostics == []


def test_each_plugin_class_is_an_owner_and_its_function_table_names_the_method(build_pkg) -> None:
    m = build_pkg(FILES).module
    assert m["OWNERS"] == {
        "pkg.weather:ClockPlugin": "CLOCKPLUGIN",
        "pkg.weather:WeatherPlugin": "WEATHERPLUGIN",
    }
    assert m["WEATHERPLUGIN_TOOL_FUNCTIONS"] == {
        "weather-alerts": "pkg.weather:WeatherPlugin.alerts",
        "weather-get_forecast": "pkg.weather:WeatherPlugin.forecast",
    }


def test_a_plugin_name_that_cannot_be_read_is_a_warning_naming_the_class_name(build_pkg) -> None:
    app = APP.replace('plugin_name="weather"', "plugin_name=os.environ['PLUGIN']")
    built = build_pkg({**FILES, "pkg/app.py": "import os\n" + app})
    assert "WeatherPlugin-alerts" in built.tools
    assert [d.split(": ", 1)[1] for d in built.diagnostics] == [
        "warning: semantic-kernel: the plugin_name of 'WeatherPlugin' cannot be known "
        "statically; toolgen uses the name 'WeatherPlugin'"
    ]
    assert built.diagnostics[0].startswith("pkg/app.py:10:5:")


def test_a_plugin_name_that_cannot_be_read_is_an_error_with_strict(build_errors) -> None:
    app = APP.replace('plugin_name="weather"', "plugin_name=os.environ['PLUGIN']")
    errors = build_errors({**FILES, "pkg/app.py": "import os\n" + app}, strict=True)
    assert any("error: semantic-kernel: the plugin_name of 'WeatherPlugin'" in e for e in errors)


def test_a_plugin_toolgen_cannot_follow_is_a_warning(build_pkg) -> None:
    app = APP.replace(
        'kernel.add_plugin(WeatherPlugin(), plugin_name="weather")',
        'plugin = WeatherPlugin()\n    kernel.add_plugin(plugin, plugin_name="weather")',
    )
    built = build_pkg({**FILES, "pkg/app.py": app})
    assert "WeatherPlugin-alerts" in built.tools
    assert len(built.diagnostics) == 1
    assert "add_plugin's plugin is not an instance of a class toolgen reads" in built.diagnostics[0]


def test_a_renamed_plugin_renames_its_tools_on_the_next_build(build_pkg, tmp_path) -> None:
    """The plugin's module does not import the app that names it: its result still depends on
    the app (a cached result of the plugin's module would keep the old names)."""
    assert "weather-alerts" in build_pkg(FILES).tools
    (tmp_path / "pkg/app.py").write_text(APP.replace('"weather"', '"forecasts"'))
    assert "forecasts-alerts" in build_pkg({}).tools


def test_two_plugin_names_for_one_class_make_two_tools_each(build_pkg) -> None:
    app = APP.replace(
        "    return kernel",
        '    kernel.add_plugin(plugin=WeatherPlugin(), plugin_name="backup")\n    return kernel',
    )
    tools = build_pkg({**FILES, "pkg/app.py": app}).tools
    assert {"weather-alerts", "backup-alerts", "backup-get_forecast"} <= set(tools)


def test_the_scan_of_a_registering_module_keeps_its_calls_through_the_cache() -> None:
    from toolgen.scan.gather import gather_text
    from toolgen.scan.serial import decode_scan, encode

    scan = gather_text(APP, "pkg/app.py", "pkg.app")
    assert [r.method for r in scan.registrations] == ["add_plugin"]
    assert decode_scan(encode(scan)) == scan


BASE = '''
from typing import Annotated

from semantic_kernel.functions import kernel_function

from pkg.models import Units


class UnitsPlugin:
    @kernel_function(description="Say which units are used.")
    def units(self, units: Annotated[Units, "The units."]) -> str:
        return units.value

    @kernel_function
    def version(self) -> str:
        """The plugin's version."""
        return "1"
'''
DERIVED = '''
from semantic_kernel.functions import kernel_function

from pkg.base import UnitsPlugin


class MetricPlugin(UnitsPlugin):
    @kernel_function
    def version(self) -> str:
        """The metric plugin's version."""
        return "2"
'''


def test_a_plugin_class_has_the_kernel_functions_of_its_scanned_bases(build_pkg) -> None:
    files = {"pkg/__init__.py": "", "pkg/models.py": MODELS, "pkg/base.py": BASE}
    built = build_pkg({**files, "pkg/metric.py": DERIVED})
    assert built.tools["MetricPlugin-units"]["parameters"]["properties"] == {
        "units": {"type": "string", "enum": ["metric", "imperial"], "description": "The units."}
    }
    # Redefined in the subclass: the subclass's.
    assert built.tools["MetricPlugin-version"]["description"] == "The metric plugin's version."
    assert built.tools["UnitsPlugin-version"]["description"] == "The plugin's version."
    functions = built.module["METRICPLUGIN_TOOL_FUNCTIONS"]
    assert functions["MetricPlugin-units"] == "pkg.metric:MetricPlugin.units"
    assert built.diagnostics == []


def test_a_factory_annotated_to_return_a_plugin_class_names_it(build_pkg) -> None:
    app = APP.replace("WeatherPlugin(), plugin_name", "make_weather(), plugin_name") + (
        "\n\ndef make_weather() -> WeatherPlugin:\n    return WeatherPlugin()\n"
    )
    built = build_pkg({**FILES, "pkg/app.py": app})
    assert "weather-alerts" in built.tools
    assert built.diagnostics == []


def test_a_plugin_name_semantic_kernel_refuses_is_an_error(build_errors) -> None:
    app = APP.replace('plugin_name="weather"', 'plugin_name="weather-v2"')
    errors = build_errors({**FILES, "pkg/app.py": app})
    assert [e.split(": ", 1)[1] for e in errors] == [
        "error: semantic-kernel: plugin name 'weather-v2' is refused by Semantic Kernel "
        "(letters, digits and '_' only: add_plugin raises)"
    ]


def test_a_plugin_without_plugin_name_is_named_by_its_name_attribute(build_pkg) -> None:
    weather = WEATHER.replace(
        '    """Weather lookups."""', '    """Weather lookups."""\n\n    name = "meteo"'
    )
    app = APP.replace(', plugin_name="weather"', "")
    built = build_pkg({**FILES, "pkg/weather.py": weather, "pkg/app.py": app})
    assert {"meteo-alerts", "meteo-get_forecast", "ClockPlugin-now"} == set(built.tools)
    # Added nowhere toolgen sees, the class is named as add_plugin(Cls()) would name it.
    built = build_pkg({**FILES, "pkg/weather.py": weather, "pkg/app.py": ""})
    assert "meteo-alerts" in built.tools


FUNCTIONS = '''
from typing import Annotated

from semantic_kernel.functions import kernel_function


@kernel_function(description="Add two numbers.")
def add(a: Annotated[float, "The first."], b: Annotated[float, "The second."]) -> float:
    return a + b


@kernel_function
def loose(x: int) -> int:
    """Added to no plugin."""
    return x
'''
WIRING = """
from semantic_kernel import Kernel
from semantic_kernel.functions import KernelPlugin

from pkg.maths import add
from pkg.weather import WeatherPlugin


def build(kernel: Kernel) -> None:
    kernel.add_function("math", add)
    kernel.add_function(plugin_name="calc", function=add)
    kernel.add_plugin(KernelPlugin.from_object("meteo", WeatherPlugin()))
"""


def test_add_function_and_from_object_name_their_plugins(build_pkg) -> None:
    files = {**FILES, "pkg/maths.py": FUNCTIONS, "pkg/app.py": "", "pkg/wiring.py": WIRING}
    built = build_pkg(files)
    assert {"math-add", "calc-add", "meteo-alerts", "meteo-get_forecast"} <= set(built.tools)
    assert built.tools["math-add"]["parameters"]["required"] == ["a", "b"]
    # A kernel function of no plugin is sent under its own name, as SK sends one: a warning.
    assert "loose" in built.tools
    assert [d.split(": ", 1) for d in built.diagnostics] == [
        [
            "pkg/maths.py:11:2",
            "warning: semantic-kernel: kernel function 'loose' is added to no plugin toolgen "
            "sees (kernel.add_function(plugin_name, function)); toolgen emits it as 'loose', as "
            "SK sends a function of no plugin",
        ]
    ]


def test_show_says_where_the_plugin_name_was_read(build_pkg, capsys) -> None:
    import pytest

    from toolgen.cli import main

    build_pkg(FILES)
    for tool, said in (
        ("weather-alerts", "note: plugin name 'weather' from the call at pkg/app.py:8:5"),
        ("ClockPlugin-now", "note: plugin name 'ClockPlugin' (no call toolgen sees names it)"),
    ):
        with pytest.raises(SystemExit) as done:
            main(["show", f"pkg/weather.py::{tool}"])
        assert done.value.code == 0
        assert said in capsys.readouterr().err


ANNOTATED_FIELDS = """
from typing import Annotated, Optional

from pydantic import BaseModel, Field
from semantic_kernel.functions import kernel_function


class Query(BaseModel):
    a: Annotated[str, "The a."]
    b: Annotated[int, Field(description="The b.")] = 1
    c: Annotated[Optional[str], "The c."] = None


class Search:
    @kernel_function
    def find(self, query: Query) -> str:
        return ""
"""


def test_a_model_field_in_annotated_is_described_as_pydantic_keeps_it(build_pkg) -> None:
    """SK 1.45.0 sends exactly this (checked): Annotated's first other item, or its Field."""
    built = build_pkg({"pkg/__init__.py": "", "pkg/search.py": ANNOTATED_FIELDS})
    assert built.tools["Search-find"]["parameters"]["properties"]["query"] == {
        "type": "object",
        "properties": {
            "a": {"type": "string", "description": "The a."},
            "b": {"type": "integer", "description": "The b."},
            "c": {"type": "string", "description": "The c."},
        },
        "required": ["a", "b"],
    }


TUPLES = '''
from semantic_kernel.functions import kernel_function


class Grid:
    @kernel_function
    def move(self, to: tuple[int, int], path: tuple[str, ...], raw: tuple) -> str:
        """Move on the grid."""
        return ""
'''


def test_a_tuple_is_sent_in_json_schemas_own_form_not_sks(build_pkg) -> None:
    """SK sends tuple[int, int] as {"items": [...]}, draft 4's form, which the providers refuse
    (an OpenAI strict schema among them): toolgen sends prefixItems, as for any tuple."""
    built = build_pkg({"pkg/__init__.py": "", "pkg/grid.py": TUPLES})
    assert built.tools["Grid-move"]["parameters"]["properties"] == {
        "to": {
            "type": "array",
            "prefixItems": [{"type": "integer"}, {"type": "integer"}],
            "minItems": 2,
            "maxItems": 2,
        },
        "path": {"type": "array", "items": {"type": "string"}},
        "raw": {"type": "array"},
    }
    for tool in built.module["TOOLS_OPENAI"]:
        assert all(
            not isinstance(p.get("items"), list)
            for p in tool["function"]["parameters"]["properties"].values()
        )


def test_a_plugin_whose_init_sets_its_name_is_a_warning(build_pkg) -> None:
    weather = WEATHER.replace(
        '    """Weather lookups."""',
        '    """Weather lookups."""\n\n    def __init__(self, name: str = "meteo") -> None:\n'
        "        self.name = name",
    )
    app = APP.replace(', plugin_name="weather"', "")
    built = build_pkg({**FILES, "pkg/weather.py": weather, "pkg/app.py": app})
    assert "WeatherPlugin-alerts" in built.tools
    assert [d.split(": ", 1)[1] for d in built.diagnostics] == [
        "warning: semantic-kernel: plugin 'WeatherPlugin': WeatherPlugin.__init__ sets "
        "self.name, which add_plugin takes for the plugin name and toolgen cannot know "
        "statically; toolgen uses 'WeatherPlugin'"
    ]
    assert built.diagnostics[0].startswith("pkg/weather.py:14:9:")
