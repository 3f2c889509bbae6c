"""``[tool.toolgen]`` in pyproject.toml (raw) → a frozen, validated ``Config`` of ``Target`` s."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any, Final

from toolgen.errors import ConfigError
from toolgen.frameworks import PRESETS

PROVIDERS: Final = ("openai", "openai_responses", "anthropic", "gemini", "mcp", "bedrock")
DEFAULT_OUT_NAME: Final = "tool_schemas.py"


@dataclass(frozen=True, slots=True)
class Target:
    """One generated module: which sources, where to write, how to map them.

    Paths are absolute after :func:`load`; every other field has the default a user
    gets with no configuration at all.
    """

    paths: tuple[Path, ...] = ()
    out: Path | None = None
    providers: tuple[str, ...] = PROVIDERS
    layout: str = "single"
    select: str = "decorated"
    decorators: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    strict: bool = False
    line_length: int = 88
    formatter: str = "builtin"
    openai_strict: bool = True
    gemini_flavour: str = "gemini"
    gemini_schema_field: str = "parameters"
    recursion_depth: int = 3
    long_description: bool = False
    warn_undocumented: bool = False
    skip_varargs: bool = False
    injected_types: tuple[str, ...] = ()
    source_roots: tuple[Path, ...] = ()
    """Where dotted module names start (absolute); empty: ``src`` if present, and the project."""
    frameworks: tuple[str, ...] | None = None
    """The framework presets in force; ``None``: every one (each applies only to files that
    import its framework)."""

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


# key → (expected kind, allowed values or None). Kinds: str, bool, int, list (of str).
_KEYS: Final[dict[str, tuple[str, tuple[Any, ...] | None]]] = {
    "paths": ("list", None),
    "out": ("str", None),
    "providers": ("list", PROVIDERS),
    "layout": ("str", ("single", "per-provider")),
    "select": ("str", ("decorated", "public")),
    "decorators": ("list", None),
    "exclude": ("list", None),
    "strict": ("bool", None),
    "line_length": ("int", None),
    "formatter": ("str", ("builtin", "black")),
    "openai_strict": ("bool", None),
    "gemini_flavour": ("str", ("gemini", "vertex")),
    "gemini_schema_field": ("str", ("parameters", "json")),
    "recursion_depth": ("int", None),
    "long_description": ("bool", None),
    "warn_undocumented": ("bool", None),
    "skip_varargs": ("bool", None),
    "injected_types": ("list", None),
    "source_roots": ("list", None),
    "frameworks": ("list", tuple(PRESETS)),
}
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
    kind, allowed = _KEYS[key]
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
    if key == "line_length" and not 64 <= value <= 1000:
        # The generated module's longest line that cannot be split is its longest constant's
        # head (62 columns); below that black would split the annotations.
        raise ConfigError(f"{where}: 'line_length' must be between 64 and 1000, got {value}")
    if key == "recursion_depth" and not 0 <= value <= 20:
        raise ConfigError(f"{where}: 'recursion_depth' must be between 0 and 20, got {value}")
    return tuple(value) if kind == "list" else value


def _table_to_fields(
    where: str, table: Mapping[str, Any], base: Path, allow: set[str]
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in table.items():
        if key in allow:
            continue
        if key not in _KEYS:
            raise ConfigError(f"{where}: unknown key '{key}'{_suggest(key, [*_KEYS, *allow])}")
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
        if key in _KEYS and key not in ("paths", "out"):
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
    "PROVIDERS",
    "Config",
    "Target",
    "default_cache_dir",
    "find_pyproject",
    "load",
    "override",
    "parse",
]
