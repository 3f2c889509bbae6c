"""The README's quickstart, followed literally: ``src/tools/`` with no ``__init__.py``, and a
TypedDict imported from a sibling module as ``tools.models`` (a namespace package)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import write_tree
from toolgen.cli import main


def test_quickstart_without_init_resolves_the_cross_module_typeddict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_tree(
        tmp_path,
        {
            "src/tools/models.py": '''
                from typing import TypedDict

                class Address(TypedDict):
                    """A postal address."""

                    street: str
                    city: str
                ''',
            "src/tools/shipping.py": '''
                from toolgen import tool
                from tools.models import Address

                @tool
                def quote_shipping(to: Address, weight_kg: float) -> float:
                    """Quote a shipment.

                    Args:
                        to: Where it goes.
                        weight_kg: Its weight.
                    """
                ''',
        },
    )
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["build", "src/tools"])
    assert result.exit_code == 0, result.stderr
    assert "warning" not in result.stderr, result.stderr
    namespace: dict[str, object] = {}
    exec((tmp_path / "src/tools/tool_schemas.py").read_text(), namespace)
    (tool,) = namespace["TOOLS"]  # type: ignore[misc]
    assert tool["parameters"]["properties"]["to"]["$ref"] == "#/$defs/Address"
    assert tool["parameters"]["$defs"]["Address"]["required"] == ["street", "city"]
