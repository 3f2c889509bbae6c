"""Entry point: load every tool module, then serve over stdio."""

from __future__ import annotations

import importlib

from helpdesk_mcp.app import mcp

TOOL_MODULES = ("customers", "kb", "ops", "tickets")


def main() -> None:
    for name in TOOL_MODULES:
        importlib.import_module(f"helpdesk_mcp.tools.{name}")
    mcp.run()


if __name__ == "__main__":
    main()
