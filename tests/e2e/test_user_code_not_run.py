"""toolgen never imports or runs the code it reads: a tool module with side effects stays inert."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path


def test_side_effects_of_importing_tools_never_happen(tmp_path: Path) -> None:
    sentinel = tmp_path / "IMPORTED"
    package = tmp_path / "tools"
    package.mkdir()
    hostile = textwrap.dedent(f"""
        import os, socket, sys
        open({str(sentinel)!r}, "w").write("imported")
        try:
            socket.create_connection(("127.0.0.1", 9), timeout=0.1)
        except OSError:
            pass
        os._exit(97)

        from toolgen import tool

        @tool
        def drop_tables(confirm: bool) -> str:
            '''Drop every table.'''
            raise SystemExit(98)
        """)
    (package / "__init__.py").write_text(hostile)
    (package / "danger.py").write_text(hostile.replace("drop_tables", "drop_database"))
    # The readers of owners, tools lists and tool-making calls are held to the same: a module
    # of servers, agents and calls is read, never run.
    preamble = hostile.split("from toolgen import tool")[0]
    (package / "crew.py").write_text(preamble + textwrap.dedent("""
        from langchain_core.tools import StructuredTool
        from mcp.server.fastmcp import FastMCP
        from pydantic_ai import Agent, Tool

        def wipe_disk(path: str) -> str:
            '''Wipe a disk.'''
            raise SystemExit(99)

        def format_drive(letter: str) -> str:
            '''Format a drive.'''
            raise SystemExit(99)

        server = FastMCP("crew")
        agent = Agent("openai:gpt-4o", tools=[wipe_disk, Tool(format_drive, name="fmt")])
        burn = StructuredTool.from_function(format_drive, name="burn")

        @server.tool()
        def reboot(host: str) -> str:
            '''Reboot a host.'''
            raise SystemExit(99)

        from langchain_core.tools import BaseTool

        class ShredTool(BaseTool):
            name: str = "shred"
            description: str = "Shred files."
            args_schema: dict = {"type": "object", "properties": {"path": {"type": "string"}}}

        from smolagents import Tool as SmolTool

        CRUSH_INPUTS = {"path": {"type": "string", "description": "What to crush."}}

        class CrushTool(SmolTool):
            name = "crush"
            description = "Crush files."
            inputs = CRUSH_INPUTS
            output_type = "string"

            def forward(self, path: str) -> str:
                raise SystemExit(99)

        crush = CrushTool()

        from crewai import Agent as CrewAgent
        from crewai.tools import BaseTool as CrewTool, tool as crew_tool

        class IncinerateTool(CrewTool):
            name: str = "Incinerate Files"
            description: str = "Burn files."

            def __init__(self, **kwargs):
                super().__init__(description="Burn them all.", **kwargs)
                raise SystemExit(99)

            def _run(self, path: str, **kwargs) -> str:
                raise SystemExit(99)

        @crew_tool("Melt Everything")
        def melt(degrees: int) -> str:
            '''Melt everything.'''
            raise SystemExit(99)

        arsonist = CrewAgent(role="r", goal="g", backstory="b", tools=[IncinerateTool()])

        from agno.agent import Agent as AgnoAgent
        from agno.tools import Toolkit

        class ErasingTools(Toolkit):
            def __init__(self, enable_purge: bool = True, **kwargs):
                tools = [self.erase]
                if enable_purge:
                    tools.append(self.purge)
                super().__init__(name="erasing", tools=tools, **kwargs)
                raise SystemExit(99)

            def erase(self, path: str) -> str:
                '''Erase a path.'''
                raise SystemExit(99)

            def purge(self, days: int) -> str:
                '''Purge old backups.'''
                raise SystemExit(99)

        def melt_core(core: str) -> str:
            '''Melt a core.'''
            raise SystemExit(99)

        ops = AgnoAgent(tools=[melt_core, ErasingTools()])

        from autogen_agentchat.agents import AssistantAgent
        from autogen_core.tools import FunctionTool

        def thaw(core: str) -> str:
            '''Thaw a core.'''
            raise SystemExit(99)

        helper = AssistantAgent("helper", None, tools=[thaw, FunctionTool(wipe_disk, "Wipe.", name="wipe")])

        server.add_tool(thaw, name="smelt")

        class Furnace:
            def __init__(self) -> None:
                raise SystemExit(99)

            def stoke(self, coal: int) -> str:
                '''Stoke the furnace.'''
                raise SystemExit(99)

        furnace = Furnace()

        def make_tools():
            return [furnace.stoke]

        stoker = AssistantAgent("stoker", None, tools=make_tools())
        """))
    # llama-index tool specs and FunctionTool calls, DSPy Tools and ReAct lists: read, never run.
    (package / "research.py").write_text(preamble + textwrap.dedent("""
        import dspy
        from llama_index.core.tools import FunctionTool
        from llama_index.core.tools.tool_spec.base import BaseToolSpec

        def erase(path: str) -> str:
            '''Erase a file.'''
            raise SystemExit(99)

        class VaultSpec(BaseToolSpec):
            spec_functions = ["purge"]

            def __init__(self) -> None:
                raise SystemExit(99)

            def purge(self, vault: str) -> str:
                '''Purge a vault.'''
                raise SystemExit(99)

        eraser = FunctionTool.from_defaults(fn=erase, name="erase_file")
        react = dspy.ReAct("question -> answer", tools=[dspy.Tool(erase, name="zap")])
        """))
    # Semantic Kernel's reader follows the plugin name into the module that adds the plugin.
    (package / "vault.py").write_text(preamble + textwrap.dedent("""
        from typing import Annotated

        from semantic_kernel.functions import kernel_function

        class VaultPlugin:
            @kernel_function(description="Purge the vault.")
            def purge(self, vault: Annotated[str, "Which vault."]) -> str:
                raise SystemExit(99)
        """))
    (package / "app.py").write_text(preamble + textwrap.dedent("""
        from semantic_kernel import Kernel

        from tools.vault import VaultPlugin

        def build_kernel() -> Kernel:
            kernel = Kernel()
            kernel.add_plugin(VaultPlugin(), plugin_name="vault")
            return kernel
        """))
    # An audit hook in the toolgen process records any attempt to open the sentinel or the
    # network, or to import the tool modules, even if the module's own guards were bypassed.
    runner = textwrap.dedent(f"""
        import sys
        events = []
        def hook(event, args):
            if event == "import" and args and str(args[0]).split(".")[0] == "tools":
                events.append(("import", args[0]))
            if event == "socket.connect":
                events.append(("connect", str(args)))
            if event == "open" and args and str(args[0]) == {str(sentinel)!r}:
                events.append(("open", str(args[0])))
            # ``compile`` is raised by parsing to an AST too; only ``exec`` runs code.
            if event == "exec" and args and getattr(args[0], "co_filename", "").startswith({str(package)!r}):
                events.append(("exec", args[0].co_filename))
        sys.addaudithook(hook)
        from toolgen.cli import main
        try:
            main(["build", {str(package)!r}])
        except SystemExit as exc:
            code = exc.code
        print("EVENTS", events, "CODE", code)
        """)
    result = subprocess.run(
        [sys.executable, "-c", runner], capture_output=True, text=True, cwd=tmp_path
    )
    assert "EVENTS [] CODE 0" in result.stdout, result.stdout + result.stderr
    assert not sentinel.exists()
    generated = (package / "tool_schemas.py").read_text()
    assert '"name": "drop_tables"' in generated and '"name": "drop_database"' in generated
    names = (
        "wipe_disk",
        "fmt",
        "burn",
        "reboot",
        "shred",
        "crush",
        "incinerate_files",
        "erase",
        "purge",
        "melt_core",
        "thaw",
        "wipe",
        "smelt",
        "stoke",
    )
    for name in (*names, "vault-purge"):
        assert f'"name": "{name}"' in generated, name
    assert '"name": "melt_everything"' in generated
    assert "AGENT_TOOLS" in generated and "SERVER_TOOLS" in generated
    for name in ("purge", "erase_file", "zap"):
        assert f'"name": "{name}"' in generated, name
    assert "ARSONIST_TOOLS" in generated
    assert "ERASINGTOOLS_TOOLS" in generated and "OPS_TOOLS" in generated
    assert "HELPER_TOOLS" in generated and "STOKER_TOOLS" in generated
