"""Each framework's corpus, built by toolgen, against the schema that framework itself serves.

The corpora under ``corpora/<framework>/`` are tools written the way real MCP servers and agent
toolkits are written (constants and ``Field`` s in other modules, namespace packages, ``src/``
layouts, injected context parameters, positional names, f-string descriptions). For each tool,
toolgen's IR and the framework's own run-time schema must agree on the tool's name, its
description, its property names, required set, types, defaults and descriptions (see
``harness.node`` for exactly what is compared). A difference that is the framework's own defect
is listed, with its reason, in the corpus's ``known_differences.toml``; such an entry must still
differ, so the list cannot go stale.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.frameworks import harness

FRAMEWORKS = sorted(f for f in harness.FRAMEWORKS if (harness.CORPORA / f).is_dir())

pytestmark = pytest.mark.skipif(
    sys.version_info < (3, 11),
    reason="the reference frameworks are pinned to releases that need Python 3.11 (google-adk)",
)


@pytest.fixture(scope="session")
def reference_envs() -> dict[str, Path]:
    return harness.ensure_envs({harness.FRAMEWORKS[f] for f in FRAMEWORKS})


@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_toolgen_matches_the_framework(
    framework: str, reference_envs: dict[str, Path], tmp_path: Path
) -> None:
    corpus = harness.CORPORA / framework
    theirs = harness.reference_tools(
        reference_envs[harness.FRAMEWORKS[framework]], framework, corpus
    )
    tools, diagnostics, namespace = harness.toolgen_tools(corpus, tmp_path)
    # Matched by (owner, name): two owners' tools of one name are compared each with its own.
    pairs, missing, extra = harness.pair(theirs, harness.keyed_tools(tools, namespace))
    known = harness.known_differences(corpus)
    problems = []
    if missing or extra:
        problems.append(
            f"only the framework has {missing}; only toolgen has {extra}; toolgen said:\n  "
            + "\n  ".join(diagnostics)
        )
    for label, ours, reference in sorted(pairs, key=lambda p: p[0]):
        lines = harness.differences(harness.model_view(ours), harness.model_view(reference))
        # Listed by name (every owner's tool of it) or as ``owner/name``.
        listed = label if label in known else label.rpartition("/")[2]
        if lines and listed not in known:
            problems.append(f"{label}:\n  " + "\n  ".join(lines))
        if not lines and listed in known:
            problems.append(
                f"{label}: listed as a known difference ({known[listed]}) but agrees now"
            )
    assert (
        not problems
    ), f"{framework}: {len(problems)} of {len(theirs)} tools differ:\n" + "\n".join(problems)


def test_the_corpora_are_large_enough(reference_envs: dict[str, Path]) -> None:
    """At least 150 tools, as the frameworks themselves serve them, every framework represented."""
    counts = {
        framework: len(
            harness.reference_tools(
                reference_envs[harness.FRAMEWORKS[framework]],
                framework,
                harness.CORPORA / framework,
            )
        )
        for framework in harness.FRAMEWORKS
    }
    assert all(count >= 16 for count in counts.values()), counts
    assert sum(counts.values()) >= 150, counts


@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_the_corpus_constants_pass_the_provider_sdks(framework: str, tmp_path: Path) -> None:
    """Built from tool code written as real servers are, every constant is still one each
    provider's own SDK accepts (the Gemini fallback included)."""
    from tests.sdk.test_provider_sdks import VALIDATORS, _jsonable

    _, _, namespace = harness.toolgen_tools(harness.CORPORA / framework, tmp_path)
    tools = namespace["TOOLS"]  # every tool, or, where owners share a name, those of no owner
    prefixes = [f"{p}_" for p in namespace.get("OWNERS", {}).values()]
    # An agent's tools are not served over MCP: its constants have no TOOLS_MCP of their own.
    named = {t["name"] for t in tools}
    unserved = sum(
        sum(t["name"] in named for t in namespace[f"{p}TOOLS"])
        for p in prefixes
        if f"{p}TOOLS_MCP" not in namespace
    )
    for constant, validate in VALIDATORS.items():
        expected = len(tools) - (unserved if constant == "TOOLS_MCP" else 0)
        assert len(namespace[constant]) == expected, constant
        for prefix in ["", *prefixes]:  # each owner's constants pass too
            for tool in namespace.get(prefix + constant, []):
                validate(_jsonable(tool))
