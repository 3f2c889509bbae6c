"""``toolgen.ownership``, called directly on tools' forms: a name is unique per owner, and each
owner's constants get the shortest unique prefix. (Whole builds with owners: test_owners.py.)"""

from __future__ import annotations

from toolgen.errors import Diagnostics, SourceSpan
from toolgen.forms import ToolForms
from toolgen.ir import Owner
from toolgen.ownership import check_duplicates, owner_prefixes


def test_two_tools_of_one_name_and_owner_are_an_error_at_the_second() -> None:
    """Names are unique per owner: the second place (in file order) names the first."""
    a, b, c = (
        SourceSpan("pkg/b.py", 9, 1),
        SourceSpan("pkg/a.py", 3, 1),
        SourceSpan("pkg/a.py", 7, 1),
    )
    server = Owner("pkg.s:mcp", "mcp-server")
    diags = Diagnostics()
    check_duplicates([("search", a, None), ("search", b, None), ("search", c, server)], diags)
    assert [d.format() for d in diags.items] == [
        "pkg/b.py:9:1: error: duplicate tool name 'search': also defined at pkg/a.py:3:1 "
        "(rename one with @tool(name=...))"
    ]
    diags = Diagnostics()
    check_duplicates([("search", c, server), ("search", a, server)], diags)
    assert [d.format() for d in diags.items] == [
        "pkg/b.py:9:1: error: duplicate tool name 'search' of mcp-server 'pkg.s:mcp': also "
        "defined at pkg/a.py:7:1 (rename one with @tool(name=...))"
    ]


def test_owner_prefixes_are_the_shortest_unique_ends_of_the_ids() -> None:
    def forms(owner: Owner) -> ToolForms:
        return ToolForms("t", SourceSpan("x.py"), owner.id, {}, {}, {}, (), owner=owner)

    owners = [
        Owner("app.servers.weather:mcp", "mcp-server"),
        Owner("app.servers.travel:mcp", "mcp-server"),
        Owner("app.agents:travel_agent", "agent"),
        Owner("app.ünï:mcp", "mcp-server"),
    ]
    got = owner_prefixes([forms(o) for o in owners])
    assert got == {
        Owner("app.agents:travel_agent", "agent"): "TRAVEL_AGENT",
        Owner("app.servers.travel:mcp", "mcp-server"): "TRAVEL_MCP",
        Owner("app.servers.weather:mcp", "mcp-server"): "WEATHER_MCP",
        Owner("app.ünï:mcp", "mcp-server"): "N_MCP",
    }
    assert all(p.isidentifier() and p.isascii() for p in got.values())
    assert owner_prefixes([forms(owners[0])]) == {}  # one owner: no owner constants
