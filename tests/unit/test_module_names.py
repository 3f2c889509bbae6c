"""Module names as the import system computes them: source roots, src layouts, namespace packages."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import write_tree
from toolgen.discover import default_roots, discover


def _names(
    root: Path, *scan: str, roots: tuple[Path, ...] | None = None
) -> dict[str, tuple[str, tuple[str, ...]]]:
    found = discover(tuple(root / s for s in scan), frozenset(), cwd=root, roots=roots)
    return {f.display: (f.module, f.aliases) for f in found}


def test_src_layout_without_init_files(tmp_path: Path) -> None:
    """The alias is the name the file has when its own folder is on the path (a script's
    ``import models``): imports written that way still resolve."""
    write_tree(tmp_path, {"src/tools/weather.py": "", "src/tools/models.py": ""})
    assert _names(tmp_path, "src/tools", roots=default_roots(tmp_path)) == {
        "src/tools/models.py": ("tools.models", ("models",)),
        "src/tools/weather.py": ("tools.weather", ("weather",)),
    }


def test_a_namespace_package_above_regular_packages(tmp_path: Path) -> None:
    """``google/`` has no ``__init__.py``; ``google/adk/`` and below are regular packages."""
    write_tree(
        tmp_path,
        {
            "google/adk/__init__.py": "",
            "google/adk/tools/__init__.py": "",
            "google/adk/tools/x.py": "",
        },
    )
    names = _names(tmp_path, "google", roots=default_roots(tmp_path))
    assert names["google/adk/tools/x.py"] == ("google.adk.tools.x", ("adk.tools.x",))
    assert names["google/adk/tools/__init__.py"] == ("google.adk.tools", ("adk.tools",))


def test_configured_roots_decide_and_the_deepest_wins(tmp_path: Path) -> None:
    write_tree(
        tmp_path,
        {
            "lib/python/acme/ops/run.py": "",
            "lib/python/acme/ops/__init__.py": "",
            "lib/python/acme/__init__.py": "",
        },
    )
    roots = (tmp_path / "lib", tmp_path / "lib/python")
    assert _names(tmp_path, "lib", roots=roots)["lib/python/acme/ops/run.py"] == (
        "acme.ops.run",
        (),
    )


def test_a_file_under_no_root_keeps_its_packages_name(tmp_path: Path) -> None:
    write_tree(tmp_path, {"pkg/__init__.py": "", "pkg/mod.py": ""})
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert _names(tmp_path, "pkg", roots=(elsewhere,))["pkg/mod.py"] == ("pkg.mod", ())
