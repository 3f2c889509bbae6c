"""``toolgen show`` reads one tool out of the same plan as ``build``: for every tool of every
golden case that builds, and every provider, what ``show`` prints is the item the generated
module holds, and every warning it prints is one the build gives."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tests.test_golden import CASE_NAMES, CASES, _args
from toolgen import api
from toolgen.config import Config, Target, override
from toolgen.engine import open_cache
from toolgen.engine.target import TargetRun
from toolgen.errors import UsageError
from toolgen.providers import ADAPTERS

BUILDING = [
    n
    for n in CASE_NAMES
    # limit_*: walls of made-up tools at a provider's limit; the other cases hold their kinds
    if (CASES / n / "expected" / "exit_code").read_text() == "0\n" and not n.startswith("limit_")
]
_FLAGS = {
    "--warn-undocumented": ("warn_undocumented", True),
    "--strict": ("strict", True),
    "--gemini-response": ("gemini_response", True),
}
_OPTIONS = {
    "--layout": "layout",
    "--gemini-flavour": "gemini_flavour",
    "--share-defs": "share_defs",
}


def _target(case: Path) -> Target:
    options: dict[str, Any] = {}
    args = _args(case)
    while args:
        arg = args.pop(0)
        if arg in _FLAGS:
            key, value = _FLAGS[arg]
            options[key] = value
        elif arg == "--provider":
            options["providers"] = (*options.get("providers", ()), args.pop(0))
        else:
            options[_OPTIONS[arg]] = args.pop(0)
    return override(
        Target(), paths=(case / "input",), out=case / "expected" / "tool_schemas.py", **options
    )


def test_every_building_case_is_compared() -> None:
    assert {"cross_module", "kitchen_sink", "per_provider", "warnings"} <= set(BUILDING)


@pytest.mark.parametrize("name", BUILDING)
def test_show_prints_what_build_writes(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    case = CASES / name
    monkeypatch.chdir(case)
    target = _target(case)
    config = Config((target,))
    plan = api.plan(config, cwd=case, use_cache=False)
    constants: dict[str, Any] = {}
    for planned in plan.files:
        assert planned.text is not None
        exec(compile(planned.text, planned.display, "exec"), constants)  # generated data only
    said = {d.format() for d in plan.diagnostics}
    for d in plan.diagnostics:  # said once for several providers: "openai, mcp: ..."
        head, sep, rest = d.message.partition(": ")
        if sep and ", " in head and all(p in ADAPTERS for p in head.split(", ")):
            said |= {replace(d, message=f"{p}: {rest}").format() for p in head.split(", ")}
    owners = constants.get("OWNERS", {})
    run = TargetRun(target, frozenset(), case, case, open_cache(None))
    run.read()
    shown: set[tuple[str, str]] = set()
    for result in run.module_results().values():
        for forms in result.tools:
            # A tool of one of two or more owners is in that owner's constants.
            prefix = f"{owners[forms.owner.id]}_" if forms.owner and owners else ""
            ir = constants[f"{prefix}TOOLS"]
            position = {tool["name"]: i for i, tool in enumerate(ir)}
            path = case / forms.span.path
            value, diagnostics, _ = api.show(path, forms.name, config, cwd=case)
            assert value == ir[position[forms.name]], forms.name
            assert {d.format() for d in diagnostics} <= said, forms.name
            for key in target.providers:
                constant = prefix + ADAPTERS[key](target).constant
                names = list(constants.get(constant.replace("TOOLS", "TOOL_NAME_MAP"), {}).values())
                if forms.name not in names:  # not served: an agent's tool and TOOLS_MCP
                    assert (
                        key == "mcp"
                        and forms.owner is not None
                        and forms.owner.kind != "mcp-server"
                    )
                    continue
                wire, diagnostics, _ = api.show(path, forms.name, config, key, cwd=case)
                assert wire == constants[constant][names.index(forms.name)], (forms.name, key)
                assert {d.format() for d in diagnostics} <= said, (forms.name, key)
            shown.add((prefix, forms.name))
    # Every tool the module holds was shown: each owner's, and the target's own.
    for prefix in ["", *(f"{p}_" for p in owners.values())]:
        held = {t["name"] for t in constants[f"{prefix}TOOLS"]}
        assert held <= {name for p, name in shown if p == prefix or not prefix}, prefix


def test_show_resolves_types_from_other_folders_as_build_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The finding that began this: ``show`` scanned only the file's folder, so a type from
    ``app/models/`` was a plain string with warnings, where ``build`` gives its ``$ref``."""
    case = CASES / "cross_module"
    monkeypatch.chdir(case)
    config = Config((_target(case),))
    value, diagnostics, _ = api.show(
        case / "input" / "app" / "tools" / "support.py", "open_ticket", config, cwd=case
    )
    assert value["parameters"]["properties"]["ticket"]["$ref"] == "#/$defs/Ticket"
    assert {d.code for d in diagnostics} == {"lossy"}  # providers fold keywords; no unknown type


def test_show_refuses_an_unknown_provider_before_it_reads_the_sources(tmp_path: Path) -> None:
    """A provider name is checked against the one list of providers first: a typo is said as
    itself, with the names that exist, even where the path would be refused too."""
    with pytest.raises(UsageError) as raised:
        api.show(tmp_path / "missing.py", "f", Config((Target(),)), "opneai", cwd=tmp_path)
    assert str(raised.value) == (
        "unknown provider 'opneai'; expected one of: "
        "openai, openai_responses, anthropic, gemini, mcp, bedrock"
    )
