"""``[tool.toolgen]`` in pyproject.toml (raw) → a frozen, validated ``Config`` of ``Target`` s."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Final

from toolgen.errors import ConfigError
from toolgen.frameworks import PRESETS

PRESET_NAMES: Final = tuple(PRESETS)

PROVIDERS: Final = ("openai", "openai_responses", "anthropic", "gemini", "mcp", "bedrock")
DEFAULT_OUT_NAME: Final = "tool_schemas.py"


@dataclass(frozen=True, slots=True)
class Setting:
    """How one setting is written, checked and explained: in ``[tool.toolgen]``, on the command
    line and in the documentation's reference table. Each ``Target`` field carries one."""

    kind: str
    """``str``, ``bool``, ``int``, ``list`` (of strings), ``path`` or ``paths``."""
    help: str
    """One line for ``--help``."""
    doc: str
    """What the documentation's table says it does."""
    doc_type: str
    doc_default: str
    flag: str | None = None
    """The command-line option (``--layout``; a bool gets ``--no-...`` too); ``None``: file only."""
    short: str | None = None
    choices: tuple[str, ...] | None = None
    bounds: tuple[int, int] | None = None
    metavar: str | None = None
    none_word: bool = False
    """On the command line, the value ``none`` alone stands for an empty list."""
    env: str | None = None
    """An environment variable that sets it too."""


def _setting(default: Any, **how: Any) -> Any:
    return field(default=default, metadata={"setting": Setting(**how)})


@dataclass(frozen=True, slots=True)
class Target:
    """One generated module: which sources, where to write, how to map them.

    Every setting is declared here, once: its default, and (in its ``Setting``) how the file,
    the command line and the documentation spell and check it. Paths are absolute after
    :func:`load`; every other field has the default a user gets with no configuration at all.
    """

    paths: tuple[Path, ...] = _setting(
        (),
        kind="paths",
        help="Files and folders to scan.",
        doc="files and folders to scan (`.py` and `.pyi`)",
        doc_type="list of paths",
        doc_default="(none)",
    )
    out: Path | None = _setting(
        None,
        kind="path",
        flag="--out",
        short="-o",
        help="Output file [default: PATH/tool_schemas.py for the first PATH].",
        doc="the generated module",
        doc_type="path",
        doc_default="`tool_schemas.py` in the first path",
    )
    providers: tuple[str, ...] = _setting(
        PROVIDERS,
        kind="list",
        flag="--provider",
        short="-p",
        choices=PROVIDERS,
        help="Provider constant to generate; repeat for several [default: all].",
        doc="`openai`, `openai_responses`, `anthropic`, `gemini`, `mcp`, `bedrock`; `TOOLS` is "
        "always generated",
        doc_type="list",
        doc_default="all six",
    )
    layout: str = _setting(
        "single",
        kind="str",
        flag="--layout",
        choices=("single", "per-provider"),
        help="One module with every constant, or the IR in --out and each provider's constants "
        "in a module of its own beside it (OUT_openai.py, ...) [default: single].",
        doc="one module with every constant; or `TOOLS` in `out` and each provider's constants "
        "in `<out>_<provider>.py` beside it ([below](#one-module-per-provider))",
        doc_type='`"single"` or `"per-provider"`',
        doc_default='`"single"`',
    )
    select: str = _setting(
        "decorated",
        kind="str",
        flag="--select",
        choices=("decorated", "public"),
        help="Which functions are tools: decorated ones, or every public top-level function.",
        doc="tools are decorated functions, or every public top-level function",
        doc_type='`"decorated"` or `"public"`',
        doc_default='`"decorated"`',
    )
    decorators: tuple[str, ...] = _setting(
        (),
        kind="list",
        flag="--decorator",
        metavar="DOTTED.NAME",
        help="Another decorator that marks tools (e.g. agents.function_tool); repeatable.",
        doc="other decorators that mark tools, matched through imports (`agents.function_tool`, "
        "`mcp.server.fastmcp.FastMCP.tool`, `langchain_core.tools.tool`) or as spelled "
        "(`mcp.tool`)",
        doc_type="list of dotted names",
        doc_default="`[]`",
    )
    exclude: tuple[str, ...] = _setting(
        (),
        kind="list",
        flag="--exclude",
        metavar="GLOB",
        help="Skip files matching GLOB; repeatable.",
        doc="files to skip, matched against the path below a scanned folder and the file name",
        doc_type="list of globs",
        doc_default="`[]`",
    )
    strict: bool = _setting(
        False,
        kind="bool",
        flag="--strict",
        help="Treat every warning (unknown types, lossy rewrites) as an error.",
        doc="every warning is an error: unknown types, lossy provider rewrites, values that "
        "cannot be read statically",
        doc_type="bool",
        doc_default="`false`",
    )
    line_length: int = _setting(
        88,
        kind="int",
        flag="--line-length",
        bounds=(64, 1000),
        help="Line length of the output [default: 88].",
        doc="line length of the generated module (black's)",
        doc_type="int (64–1000)",
        doc_default="`88`",
    )
    formatter: str = _setting(
        "builtin",
        kind="str",
        flag="--formatter",
        choices=("builtin", "black"),
        help="Layout the output with the built-in emitter (black's style) or run black.",
        doc='the built-in emitter already writes black\'s layout; `"black"` also runs black',
        doc_type='`"builtin"` or `"black"`',
        doc_default='`"builtin"`',
    )
    openai_strict: bool = _setting(
        True,
        kind="bool",
        flag="--openai-strict",
        help="Emit OpenAI tools in strict mode where possible [default: on].",
        doc="emit OpenAI tools with `strict: true` where the schema allows",
        doc_type="bool",
        doc_default="`true`",
    )
    gemini_flavour: str = _setting(
        "gemini",
        kind="str",
        flag="--gemini-flavour",
        choices=("gemini", "vertex"),
        help="Gemini API or Vertex AI rules for TOOLS_GEMINI.",
        doc="Gemini API rules, or Vertex AI's (which accepts `additionalProperties`)",
        doc_type='`"gemini"` or `"vertex"`',
        doc_default='`"gemini"`',
    )
    gemini_schema_field: str = _setting(
        "parameters",
        kind="str",
        flag="--gemini-schema-field",
        choices=("parameters", "json"),
        help="Gemini: the OpenAPI-subset `parameters` or `parametersJsonSchema`.",
        doc="the OpenAPI-subset `parameters` (a tool it cannot express falls back to "
        "`parametersJsonSchema`), or `parametersJsonSchema` for every tool",
        doc_type='`"parameters"` or `"json"`',
        doc_default='`"parameters"`',
    )
    recursion_depth: int = _setting(
        3,
        kind="int",
        flag="--recursion-depth",
        bounds=(0, 20),
        help="How often a recursive type is unrolled where refs must be inlined [default: 3].",
        doc="how often a recursive type is unrolled where refs must be inlined",
        doc_type="int (0–20)",
        doc_default="`3`",
    )
    long_description: bool = _setting(
        False,
        kind="bool",
        flag="--long-description",
        help="Add the docstring's long description to the tool description.",
        doc="add the docstring's long description to the tool description (toolgen's own "
        "`@tool`; framework presets follow their framework)",
        doc_type="bool",
        doc_default="`false`",
    )
    warn_undocumented: bool = _setting(
        False,
        kind="bool",
        flag="--warn-undocumented",
        help="Warn about parameters without a description.",
        doc="warn about parameters without a description",
        doc_type="bool",
        doc_default="`false`",
    )
    skip_varargs: bool = _setting(
        False,
        kind="bool",
        flag="--skip-varargs",
        help="Leave *args/**kwargs out instead of reporting an error.",
        doc="leave `*args`/`**kwargs` out instead of reporting an error",
        doc_type="bool",
        doc_default="`false`",
    )
    injected_types: tuple[str, ...] = _setting(
        (),
        kind="list",
        flag="--injected-type",
        metavar="DOTTED.NAME",
        help="Leave out parameters of this type (a context object); repeatable.",
        doc="parameters of these types (a context object) are left out",
        doc_type="list of dotted names",
        doc_default="`[]`",
    )
    source_roots: tuple[Path, ...] = _setting(
        (),
        kind="paths",
        help="Where dotted module names start.",
        doc="where dotted module names start; folders without `__init__.py` below a root are "
        "namespace packages",
        doc_type="list of folders",
        doc_default='`["src", "."]` (`src` when it exists)',
    )
    frameworks: tuple[str, ...] | None = _setting(
        None,
        kind="list",
        flag="--framework",
        choices=PRESET_NAMES,
        none_word=True,
        help="Read tools by these frameworks' rules only (all by default; 'none' for none); "
        "repeatable.",
        doc="the frameworks whose tools are read by their own rules (see "
        "[frameworks.md](frameworks.md)); each applies only to files that import it",
        doc_type="list of preset names",
        doc_default="all of them",
    )

    @property
    def out_path(self) -> Path:
        """The output file: ``out``, or ``tool_schemas.py`` in the first folder scanned."""
        if self.out is not None:
            return self.out
        first = self.paths[0] if self.paths else Path.cwd()
        folder = first if not first.suffix else first.parent
        return folder / DEFAULT_OUT_NAME

    def output_files(self) -> dict[str | None, Path]:
        """Every file the target writes, by the provider whose constants it holds.

        ``single`` layout: one file (key ``None``) with every constant. ``per-provider``:
        ``out`` holds the IR (``TOOLS``), and each provider's constants go to
        ``<out stem>_<provider>.py`` beside it, so a process imports one provider's only.
        """
        out = self.out_path
        files: dict[str | None, Path] = {None: out}
        if self.layout == "per-provider":
            for provider in PROVIDERS:
                if provider in self.providers:
                    files[provider] = out.with_name(f"{out.stem}_{provider}{out.suffix}")
        return files


@dataclass(frozen=True, slots=True)
class Config:
    """The resolved configuration: where it came from and its targets."""

    targets: tuple[Target, ...]
    source: Path | None = None
    cache_dir: Path | None = None


SETTINGS: Final[dict[str, Setting]] = {f.name: f.metadata["setting"] for f in fields(Target)}
"""Every setting of a target, in the order of ``Target``'s fields."""
CACHE_DIR: Final = Setting(
    kind="path",
    help="Cache folder [default: $TOOLGEN_CACHE_DIR, else .toolgen_cache at the project root].",
    doc="the cache; `--no-cache` neither reads nor writes it",
    doc_type="path",
    doc_default="`.toolgen_cache` at the project root",
    flag="--cache-dir",
    env="TOOLGEN_CACHE_DIR",
)
"""``cache_dir``: top-level only (one cache for every target); also ``TOOLGEN_CACHE_DIR``."""
_TOP_ONLY: Final = {"targets", "cache_dir"}


def find_pyproject(start: Path) -> Path | None:
    """The nearest pyproject.toml with a ``[tool.toolgen]`` table, walking up from ``start``."""
    found = _find_table(start)
    return found[0] if found is not None else None


def _find_table(start: Path) -> tuple[Path, Any] | None:
    """The nearest pyproject.toml with a ``[tool.toolgen]`` table, and that table (parsed once).

    The walk up from ``start`` stops at the first such file or at the repository's root (the
    folder holding ``.git``), whichever comes first: a checkout inside another project's folder
    never takes that project's settings.
    """
    for folder in (start, *start.parents):
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            if sys.version_info >= (3, 11):
                import tomllib
            else:  # pragma: no cover - exercised on Python 3.10 only
                import tomli as tomllib
            try:
                data = tomllib.loads(candidate.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
                raise ConfigError(f"{candidate}: cannot read: {exc}") from None
            tool = data.get("tool", {})
            if isinstance(tool, dict) and "toolgen" in tool:
                table = tool["toolgen"]
                if not isinstance(table, dict):
                    raise ConfigError(f"{candidate}: [tool.toolgen] must be a table, got {table!r}")
                return candidate, table
        if (folder / ".git").exists():
            return None
    return None


def _suggest(key: str, known: list[str]) -> str:
    import difflib  # only a mistake needs it

    close = difflib.get_close_matches(key, known, n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _check_value(where: str, key: str, value: Any) -> Any:
    setting = SETTINGS[key]
    kind = {"paths": "list", "path": "str"}.get(setting.kind, setting.kind)
    allowed = setting.choices
    ok = {
        "str": isinstance(value, str),
        "bool": isinstance(value, bool),
        "int": isinstance(value, int) and not isinstance(value, bool),
        "list": isinstance(value, list) and all(isinstance(v, str) for v in value),
    }[kind]
    if not ok:
        expected = {
            "list": "a list of strings",
            "str": "a string",
            "bool": "true or false",
            "int": "an integer",
        }[kind]
        raise ConfigError(f"{where}: '{key}' must be {expected}, got {value!r}")
    values = value if kind == "list" else [value]
    if allowed is not None:
        for item in values:
            if item not in allowed:
                raise ConfigError(
                    f"{where}: '{key}' has unknown value {item!r}{_suggest(str(item), list(map(str, allowed)))};"
                    f" expected one of: {', '.join(map(str, allowed))}"
                )
    # line_length: the generated module's longest line that cannot be split is its longest
    # constant's head (62 columns); below 64 black would split the annotations.
    if setting.bounds is not None and not setting.bounds[0] <= value <= setting.bounds[1]:
        low, high = setting.bounds
        raise ConfigError(f"{where}: '{key}' must be between {low} and {high}, got {value}")
    return tuple(value) if kind == "list" else value


def _table_to_fields(
    where: str, table: Mapping[str, Any], base: Path, allow: set[str]
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in table.items():
        if key in allow:
            continue
        if key not in SETTINGS:
            raise ConfigError(f"{where}: unknown key '{key}'{_suggest(key, [*SETTINGS, *allow])}")
        checked = _check_value(where, key, value)
        if key in ("paths", "source_roots"):
            checked = tuple((base / p).resolve() for p in checked)
        elif key == "out":
            checked = (base / checked).resolve()
        out[key] = checked
    return out


def parse(data: Mapping[str, Any], base: Path, source: Path | None = None) -> Config:
    """Validate a ``[tool.toolgen]`` table; relative paths are taken from ``base``."""
    where = f"{source or 'pyproject.toml'}: [tool.toolgen]"
    common = _table_to_fields(where, data, base, _TOP_ONLY)
    raw_targets = data.get("targets", [])
    if not isinstance(raw_targets, list) or not all(isinstance(t, dict) for t in raw_targets):
        raise ConfigError(
            f"{where}: 'targets' must be an array of tables ([[tool.toolgen.targets]])"
        )
    cache_dir = data.get("cache_dir")
    if cache_dir is not None and not isinstance(cache_dir, str):
        raise ConfigError(f"{where}: 'cache_dir' must be a string, got {cache_dir!r}")
    targets = []
    for index, raw in enumerate(raw_targets):
        own = _table_to_fields(f"{where} targets[{index}]", raw, base, set())
        targets.append(Target(**{**common, **own}))
    if not targets:
        targets.append(Target(**common))
    return Config(
        targets=tuple(targets),
        source=source,
        cache_dir=(base / cache_dir).resolve() if cache_dir else None,
    )


def load(start: Path | None = None) -> Config:
    """The configuration found by walking up from ``start`` (the working folder), or defaults."""
    start = (start or Path.cwd()).resolve()
    found = _find_table(start)
    if found is None:
        return Config(targets=(Target(),))
    pyproject, table = found
    return parse(table, pyproject.parent, pyproject)


def override(target: Target, **flags: Any) -> Target:
    """``target`` with every flag that was given (not None) put over it, validated like the file."""
    changes: dict[str, Any] = {}
    names = {f.name for f in fields(Target)}
    for key, value in flags.items():
        if value is None or (isinstance(value, tuple) and not value and key != "paths"):
            continue
        if key not in names:
            raise ConfigError(f"unknown option {key!r}")
        if key in SETTINGS and key not in ("paths", "out", "source_roots"):
            value = _check_value(
                "command line", key, list(value) if isinstance(value, tuple) else value
            )
        changes[key] = value
    return replace(target, **changes)


def default_cache_dir(config: Config, project_root: Path) -> Path:
    """``TOOLGEN_CACHE_DIR``, else ``cache_dir`` from the file, else ``.toolgen_cache`` at the root."""
    env = os.environ.get("TOOLGEN_CACHE_DIR")
    if env:
        return Path(env).resolve()
    return config.cache_dir or project_root / ".toolgen_cache"


__all__ = [
    "CACHE_DIR",
    "PROVIDERS",
    "SETTINGS",
    "Config",
    "Setting",
    "Target",
    "default_cache_dir",
    "find_pyproject",
    "load",
    "override",
    "parse",
]
