"""The scan cache's codec: every real scan survives JSON unchanged; anything else is refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.conftest import REPO
from toolgen.discover import discover
from toolgen.scan import scan_file
from toolgen.scan.model import Lit, Name, Sub
from toolgen.scan.serial import decode_scan, encode

ROOTS = sorted(
    [
        *(p / "input" for p in (REPO / "tests" / "cases").iterdir() if (p / "input").is_dir()),
        REPO / "examples" / "travel_agent" / "src",
        REPO / "tests" / "differential" / "corpus",
    ]
)


def _scans() -> list[Any]:
    scans = []
    for root in ROOTS:
        for source in discover((root,), frozenset(), (), root):
            scans.append(scan_file(source))
    return scans


def test_every_scan_of_the_repository_round_trips() -> None:
    scans = _scans()
    assert len(scans) > 30 and any(s.classes for s in scans) and any(s.diagnostics for s in scans)
    for scan in scans:
        assert decode_scan(json.loads(json.dumps(encode(scan)))) == scan, scan.path


def test_literals_round_trip_including_ellipsis() -> None:
    for value in (None, True, 3, -1.5, "x", Ellipsis):
        assert decode_scan_field(Lit(value)) == Lit(value)


def decode_scan_field(expr: Any) -> Any:
    """An expression through a one-alias scan (the decoder starts at ModuleScan)."""
    from toolgen.errors import SourceSpan
    from toolgen.scan.model import Alias, ModuleScan

    scan = ModuleScan(
        "m.py", "m", False, False, (), (), (Alias("X", expr, SourceSpan("m.py")),), (), ()
    )
    return decode_scan(json.loads(json.dumps(encode(scan)))).aliases[0].value


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d["v"].__setitem__(0, 7),  # path: a number
        lambda d: d["v"].__setitem__(2, "yes"),  # is_package: a string
        lambda d: d.__setitem__("!", "Function"),  # another class
        lambda d: d["v"].pop(),  # a field missing
        lambda d: d["v"][6][0]["v"][1].__setitem__("!", "os.system"),  # an unknown class
        lambda d: d["v"][6][0]["v"][1]["v"].__setitem__(0, ["a", "list"]),  # Name of a list
        lambda d: d["v"][6][0]["v"][1].update({"!": "Lit", "v": [["a"]]}),  # Lit of a list
    ],
)
def test_damaged_data_is_refused(damage: Any) -> None:
    from toolgen.errors import SourceSpan
    from toolgen.scan.model import Alias, ModuleScan

    scan = ModuleScan(
        "m.py", "m", False, False, (), (), (Alias("X", Name("int"), SourceSpan("m.py")),), (), ()
    )
    data = json.loads(json.dumps(encode(scan)))
    damage(data)
    with pytest.raises(ValueError):
        decode_scan(data)


def test_values_json_cannot_hold_are_refused_when_encoding() -> None:
    with pytest.raises(TypeError):
        encode(Sub(Name("x"), (Lit(b"bytes"),)))  # type: ignore[arg-type]


def test_unknown_field_annotations_fail_at_import(monkeypatch: pytest.MonkeyPatch) -> None:
    import toolgen.scan.serial as serial

    with pytest.raises(AssertionError, match="cannot decode"):
        serial._decoder.__wrapped__("dict[str, int]")
