"""``[tool.toolgen]`` in pyproject.toml (raw) → a frozen, validated ``Config`` of ``Target`` s."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import fields, replace
from pathlib import Path
from typing import Any, Final, NamedTuple

from toolgen.errors import ConfigError
from toolgen.settings import (
    CACHE_DIR,
    PROVIDERS,
    SETTINGS,
    Setting,
    Target,
)


class Config(NamedTuple):
    """The resolved configuration: where it came from and its targets."""

    targets: tuple[Target, ...]
    source: Path | None = None
    cache_dir: Path | None = None
    out_root: Path | None = None
    """The folder outputs must be inside: the working folder when the command line names the
    paths or the output; ``None``: the configuration file's folder (else the working folder)."""
    configured_outputs: frozenset[Path] = frozenset()
    """The file's own outputs when PATHS replace its targets: the user's real modules, never
    scanned nor called left over by a one-off build."""


_TOP_ONLY: Final = {"targets", "cache_dir"}
NUL_IN_PATH: Final = "'{key}' holds a NUL byte (\\x00), which no path can hold"


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
            data = read_toml(candidate)
            tool = data.get("tool", {})
            if isinstance(tool, dict) and "toolgen" in tool:
                table = tool["toolgen"]
                if not isinstance(table, dict):
                    raise ConfigError(f"{candidate}: [tool.toolgen] must be a table, got {table!r}")
                return candidate, table
        if (folder / ".git").exists():
            return None
    return None


def read_toml(path: Path, text: str | None = None) -> dict[str, Any]:
    """The TOML file ``path`` (of ``text``, when given), parsed.

    Raises:
        ConfigError: it cannot be read, is not UTF-8 or not TOML, or nests its values deeper
            than the parser can follow (``tomllib`` recurses once per level).
    """
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - exercised on Python 3.10 only
        import tomli as tomllib
    try:
        return tomllib.loads(path.read_text(encoding="utf-8") if text is None else text)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read: {exc}") from None
    except RecursionError:
        raise ConfigError(
            f"{path}: cannot read: its arrays or tables are nested too deeply to be read"
        ) from None


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
    if setting.kind in ("path", "paths") and any("\x00" in item for item in values):
        raise ConfigError(f"{where}: {NUL_IN_PATH.format(key=key)}")
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
            # Not resolved: a symlink on the way is refused (emit.place), never followed.
            checked = Path(os.path.normpath(base / checked))
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
    if cache_dir is not None and "\x00" in cache_dir:
        raise ConfigError(f"{where}: {NUL_IN_PATH.format(key='cache_dir')}")
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
    "NUL_IN_PATH",
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
    "read_toml",
]
