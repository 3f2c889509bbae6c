"""Each setting is declared once, on ``Target``: the file's keys, the command line's options, the
adapters' options and the documentation's reference table all come from that declaration."""

from __future__ import annotations

import re
from dataclasses import fields

from click.testing import CliRunner

from tests.conftest import REPO
from toolgen.cli import main
from toolgen.config import CACHE_DIR, SETTINGS, Setting, Target, parse


def _flag(setting: Setting, key: str) -> str:
    if key == "paths":
        return "`PATHS...`"
    if setting.flag is None:
        return "—"
    flag = (
        f"`{setting.flag}/--no-{setting.flag[2:]}`"
        if setting.kind == "bool"
        else f"`{setting.flag}`"
    )
    if setting.kind == "list":
        flag += " (repeat; `none` for none)" if setting.none_word else " (repeat)"
    if setting.env:
        flag += f", `{setting.env}`"
    return flag


def reference_table() -> str:
    rows = ["| key | type | default | flag | meaning |", "|---|---|---|---|---|"]
    for key, setting in [*SETTINGS.items(), ("cache_dir", CACHE_DIR)]:
        rows.append(
            f"| `{key}` | {setting.doc_type} | {setting.doc_default} | {_flag(setting, key)} "
            f"| {setting.doc} |"
        )
    return "\n".join(rows) + "\n"


def test_the_documented_table_is_the_declared_one() -> None:
    text = (REPO / "docs/configuration.md").read_text()
    found = re.search(r"^\| key \| type .*?\n(?=\n)", text, re.S | re.M)
    assert found is not None
    assert found.group(0) == reference_table(), (
        "docs/configuration.md should read:\n" + reference_table()
    )


def test_every_default_reads_back_from_the_file_and_every_flag_exists() -> None:
    """A default written in ``[tool.toolgen]`` (as TOML would hold it) gives the same target, and
    every declared flag is an option of ``toolgen build``."""
    assert list(SETTINGS) == [f.name for f in fields(Target)]
    default = Target()
    for key, setting in SETTINGS.items():
        value = getattr(default, key)
        if value is None or setting.kind in ("path", "paths"):
            continue
        written = list(value) if isinstance(value, tuple) else value
        assert getattr(parse({key: written}, REPO).targets[0], key) == value, key
    help_text = CliRunner().invoke(main, ["build", "--help"], terminal_width=200).output
    for setting in SETTINGS.values():
        if setting.flag is not None:
            assert setting.flag in help_text, setting.flag
