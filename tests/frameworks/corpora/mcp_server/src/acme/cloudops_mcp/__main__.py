"""``python -m acme.cloudops_mcp``: serve every CloudOps tool over stdio."""

from __future__ import annotations

from acme.cloudops_mcp.server import app
from acme.cloudops_mcp.tools import (
    billing,
    compute,
    iam,
    logs,
    storage,
)  # noqa: F401  (registers the tools)


def main() -> None:
    app.run()


if __name__ == "__main__":
    main()
