"""Scans travel from the workers that parse them to the process that builds: pickled by their
fields (``errors.pickled_by_fields``), they come back equal, of the same classes."""

from __future__ import annotations

import pickle
from pathlib import Path

from tests.test_golden import CASES
from toolgen.config import Target
from toolgen.engine import open_cache
from toolgen.engine.target import TargetRun


def test_every_golden_scan_round_trips_through_pickle() -> None:
    count = 0
    for case in sorted(CASES.iterdir()):
        if not (case / "input").is_dir():
            continue
        run = TargetRun(
            Target(paths=(case / "input",), out=case / "out.py"),
            frozenset(),
            case,
            case,
            open_cache(None),
        )
        run.read()
        run.scan_files(list(run.sources.files))
        for scan in run.scans.values():
            back = pickle.loads(pickle.dumps(scan, protocol=pickle.HIGHEST_PROTOCOL))
            assert back == scan and type(back) is type(scan)
            assert repr(back) == repr(scan)  # nested classes kept too (equality alone is lax)
            count += 1
    assert count >= 30
    assert not list(Path(CASES).glob("*/out.py"))
