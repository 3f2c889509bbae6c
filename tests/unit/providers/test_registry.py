"""The providers have one registry, ``settings.PROVIDERS``: each name is a module of
``toolgen/providers/`` holding its ``ADAPTER``, and the run-time's list is the same names."""

from __future__ import annotations

import ast

from tests.conftest import REPO
from toolgen.config import Target
from toolgen.errors import Diagnostics, SourceSpan
from toolgen.ir import ToolDef
from toolgen.providers import ADAPTERS, adapt_tool
from toolgen.providers.base import AdapterOptions
from toolgen.runtime.toolbox import PROVIDERS as RUNTIME_PROVIDERS
from toolgen.settings import PROVIDERS

FOLDER = REPO / "src" / "toolgen" / "providers"


def test_every_provider_name_is_the_adapter_of_that_name() -> None:
    options = AdapterOptions.of(Target())
    assert [ADAPTERS[name](options).name for name in PROVIDERS] == list(PROVIDERS)
    assert tuple(ADAPTERS) == PROVIDERS  # the order the constants and files are written in


def _holds_an_adapter(module: ast.Module) -> bool:
    return any(
        isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Name)
        and node.target.id == "ADAPTER"
        for node in module.body
    )


def test_every_module_holding_an_adapter_is_a_named_provider() -> None:
    """An adapter no name reaches would be a provider no build writes: the folder and the
    list cannot drift apart."""
    holders = {
        path.stem
        for path in FOLDER.glob("*.py")
        if _holds_an_adapter(ast.parse(path.read_text(encoding="utf-8")))
    }
    assert holders == set(PROVIDERS)


def test_the_run_times_providers_are_the_builds() -> None:
    """A check across a deliberate wall: the run-time ships alone and imports nothing of the
    build, so it writes the names out; a provider added to the build must reach ``Toolbox``."""
    assert RUNTIME_PROVIDERS == PROVIDERS


def test_providers_sending_one_schema_share_its_call_rules_and_others_have_their_own() -> None:
    """Chat Completions and Responses send one strict schema: its rules (an optional
    parameter's null is "left out") are made once for both; a provider whose schema differs
    (Anthropic: the parameter stays optional) gets its own, empty."""
    schema = {"type": "object", "properties": {"n": {"type": "integer"}}}
    tool = ToolDef("probe", "Probe.", schema, SourceSpan("x.py"), "m.probe")
    options = AdapterOptions.of(Target())
    memo: dict[object, object] = {}
    rules = {
        name: adapt_tool(name, ADAPTERS[name](options), tool, Diagnostics(), memo).rules
        for name in ("openai", "openai_responses", "anthropic")
    }
    assert rules["openai"] == rules["openai_responses"] == {"omit_nulls": ["/n"]}
    assert rules["anthropic"] == {}
