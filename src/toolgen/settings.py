"""Every setting of a target, declared once: its default on ``Target``, and in its ``Setting``
how ``[tool.toolgen]``, the command line and the documentation spell, check and explain it."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Final, NamedTuple

PRESET_NAMES: Final = (
    "mcp",
    "fastmcp",
    "openai-agents",
    "langchain",
    "google-adk",
    "strands",
    "semantic-kernel",
    "smolagents",
    "agno",
    "pydantic-ai",
    "llama-index",
    "dspy",
    "crewai",
    "autogen",
)
"""The framework presets, by name, in the order they apply: the one list of them. Each is the
module of its name in ``toolgen/frameworks/presets/`` (``semantic_kernel.py``), loaded only by a
build that uses it; reading the settings, as every run does, loads none."""
PROVIDERS: Final = ("openai", "openai_responses", "anthropic", "gemini", "mcp", "bedrock")
DEFAULT_OUT_NAME: Final = "tool_schemas.py"


class Setting(NamedTuple):
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
        "`mcp.server.fastmcp.FastMCP.tool` in mcp 1.x or `mcp.server.MCPServer.tool` in 2.x, "
        "`langchain_core.tools.tool`) or as spelled "
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
    gemini_response: bool = _setting(
        False,
        kind="bool",
        flag="--gemini-response",
        help="Gemini: describe each tool's return type (`response`, or `responseJsonSchema` "
        "beside `parametersJsonSchema`) [default: off].",
        doc="describe each tool's return type to Gemini: `response` beside `parameters`, "
        "`responseJsonSchema` beside `parametersJsonSchema`; off by default, since it is sent, "
        "and paid for in tokens, with every request ([providers](providers.md#output-schemas))",
        doc_type="bool",
        doc_default="`false`",
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
    max_inline_kb: int = _setting(
        256,
        kind="int",
        flag="--max-inline-kb",
        bounds=(1, 100_000),
        help="Where refs must be inlined, a tool whose inlined types would add more than this "
        "many KB of JSON keeps its refs (the provider's fallback form) [default: 256].",
        doc="where refs must be inlined (OpenAI, Gemini, Bedrock), a tool whose inlined types "
        "would add more than this many KB of JSON keeps its refs instead: the provider's "
        "fallback form, with a warning ([providers](providers.md#size-and-depth))",
        doc_type="int (1–100000)",
        doc_default="`256`",
    )
    share_defs: str = _setting(
        "off",
        kind="str",
        flag="--share-defs",
        choices=("off", "auto"),
        help="Where a provider resolves $ref, send an object or enum type a tool repeats once, "
        "in $defs, and inline a definition it uses once, where that is smaller [default: off].",
        doc='`"auto"`: where a provider resolves `$ref` (OpenAI, Anthropic, MCP, Gemini\'s '
        "`parametersJsonSchema`; not Bedrock), an object or enum type that one tool repeats is "
        "sent once, in `$defs`, and a definition it uses once is inlined, each only where that "
        "makes the tool's JSON smaller ([providers](providers.md#shared-definitions))",
        doc_type='`"off"` or `"auto"`',
        doc_default='`"off"`',
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
    owners: tuple[str, ...] | None = _setting(
        None,
        kind="list",
        flag="--owner",
        metavar="MODULE:NAME",
        help="Take only the tools of this owner (a server, agent or toolset instance, as "
        "module:name, globs allowed; '' for the tools of no owner); repeatable.",
        doc="take only the tools of these owners (a server, agent or toolset instance, written "
        '`module:name`, globs allowed; `""` for the tools of no owner), see '
        "[owners](frameworks.md#owners)",
        doc_type="list of owner ids",
        doc_default="every owner",
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

__all__ = ["CACHE_DIR", "DEFAULT_OUT_NAME", "PROVIDERS", "SETTINGS", "Setting", "Target"]
