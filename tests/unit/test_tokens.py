"""Token counts: exact ones agree with tiktoken's own encoder, the estimate stays within its
measured error, and `toolgen cost` reports every tool of every constant, heaviest first."""

from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path

import pytest
import tiktoken
import tiktoken.load
import tiktoken_ext.openai_public as public
from click.testing import CliRunner

from toolgen.cli import main
from toolgen.diff import tokens
from toolgen.diff.load import items, read_file

CASES = Path(__file__).parents[2] / "tests" / "cases"
SPEC = CASES / "spec_example" / "expected" / "tool_schemas.py"


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> tiktoken.Encoding:
    """tiktoken's o200k_base, built from bpe-openai's copy of the BPE file (tiktoken checks its
    SHA-256 against the hash it expects of the file it would download)."""
    import bpe_openai

    packed = Path(bpe_openai.__file__).parent / "data" / "o200k_base.tiktoken.gz"
    plain = tmp_path_factory.mktemp("bpe") / "o200k_base.tiktoken"
    plain.write_bytes(gzip.decompress(packed.read_bytes()))
    real = tiktoken.load.load_tiktoken_bpe

    def local(_url: str, expected_hash: str | None = None) -> dict[bytes, int]:
        return real(str(plain), expected_hash=expected_hash)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(public, "load_tiktoken_bpe", local)
        return tiktoken.Encoding(**public.o200k_base())


def _corpus() -> list[str]:
    texts = []
    for path in sorted(CASES.glob("*/expected/tool_schemas*.py")):
        if path.parts[-3].startswith("limit_"):
            continue
        for name, value in read_file(path, path.name).constants.items():
            listed = items(value) if name.startswith("TOOLS") else None
            texts += [tokens.wire_text(t) for t in (listed.values() if listed else [])]
    return texts


def test_the_exact_count_is_tiktokens_count_of_the_same_text(
    reference: tiktoken.Encoding,
) -> None:
    exact = tokens.counter()
    assert exact.exact and exact.name == "o200k_base"
    texts = _corpus()
    assert len(texts) > 100
    for text in [*texts, "héllo wörld ✓ 東京 <|endoftext|>"]:
        assert exact.count(text) == len(reference.encode_ordinary(text)), text[:80]


def test_the_estimate_is_within_its_measured_error_and_says_it_is_one() -> None:
    exact = tokens.counter()
    estimate = tokens.counter(exact=False)
    assert not estimate.exact and "estimate" in estimate.name
    texts = _corpus()
    errors = [abs(estimate.count(t) - exact.count(t)) / exact.count(t) for t in texts]
    assert max(errors) < 0.2  # 17.6 % measured: see BYTES_PER_TOKEN
    total = sum(map(exact.count, texts))
    assert abs(sum(map(estimate.count, texts)) - total) / total < 0.03


def test_cost_reports_every_tool_heaviest_first_with_the_counters_numbers() -> None:
    result = CliRunner().invoke(main, ["cost", str(SPEC), "--format", "json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["tokens"] == {"counter": "o200k_base", "exact": True}
    module = read_file(SPEC, "spec")
    names = [c["constant"] for c in report["constants"]]
    assert names == [n for n in module.constants if n.startswith("TOOLS")]
    exact = tokens.counter()
    for constant in report["constants"]:
        wire = items(module.constants[constant["constant"]])
        assert wire is not None
        sizes = sorted(
            (
                len(tokens.wire_text(t).encode()),
                exact.count(tokens.wire_text(t)),
            )
            for t in wire.values()
        )
        got = [(t["bytes"], t["tokens"]) for t in constant["tools"]]
        assert sorted(got) == sizes
        assert [t for _, t in got] == sorted((t for _, t in got), reverse=True)
        assert constant["tokens"] == sum(t for _, t in got)


def test_cost_says_when_tokens_are_estimated() -> None:
    result = CliRunner().invoke(main, ["cost", str(SPEC), "--estimate", "--top", "1"])
    assert result.exit_code == 0, result.output
    assert "tokens (estimated)" in result.stdout
    assert result.stdout.rstrip().endswith("(install toolgen[tokens])")
    assert result.stdout.count("\n  ") == 7  # one tool for each of the seven constants


def test_cost_of_sources_builds_them_fresh_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copytree(CASES / "spec_example" / "input", tmp_path / "input")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["cost", "input", "--format", "markdown", "--top", "1"])
    assert result.exit_code == 0, result.output
    assert "### `TOOLS_GEMINI` (input/tool_schemas.py)" in result.stdout
    assert "| `get_weather` |" in result.stdout
    assert not (tmp_path / "input" / "tool_schemas.py").exists()


def test_diff_says_each_changed_tools_tokens_before_and_after() -> None:
    from toolgen.diff.wire import costs

    small = {"name": "t", "description": "Short."}
    large = {"name": "t", "description": "A much longer description of what the tool does."}
    other = {"name": "u"}
    before = {"TOOLS_MCP": [small, other], "TOOL_NAME_MAP_MCP": {"t": "t", "u": "u"}}
    after = {"TOOLS_MCP": [large, other], "TOOL_NAME_MAP_MCP": {"t": "t", "u": "u"}}
    exact = tokens.counter()
    (cost,) = costs(before, after, exact)
    count = [exact.count(tokens.wire_text(v)) for v in (small, large, other)]
    assert (cost.counter, cost.tokens_before, cost.tokens_after) == (
        "o200k_base",
        count[0] + count[2],
        count[1] + count[2],
    )
    (changed,) = cost.tools  # u is the same on both sides
    assert (changed.tool, changed.tokens_before, changed.tokens_after) == ("t", count[0], count[1])
    (estimated,) = costs(before, after, tokens.counter(exact=False))
    assert estimated.counter.startswith("estimate")


def test_show_says_what_the_tool_adds_to_every_request(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copytree(CASES / "spec_example" / "input", tmp_path / "input")
    monkeypatch.chdir(tmp_path)
    shown = CliRunner().invoke(
        main, ["show", "input/tools/weather.py::get_weather", "--provider", "openai"]
    )
    assert shown.exit_code == 0, shown.output
    text = tokens.wire_text(json.loads(shown.stdout))
    want = f"{len(text.encode()):,} bytes, {tokens.counter().count(text):,} tokens (o200k_base)"
    assert f"note: in every request: {want}\n" in shown.stderr
