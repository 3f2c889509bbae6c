"""What a crew module takes: configured instances and a factory, as crews are written.

Neither makes a tool of its own: the classes are the tools (an instance built with arguments
that swap a description is the class's tool still, which the class's warning says)."""

import os

from crewai.tools import BaseTool

from researchkit.tools.files import DirectoryReadTool, FileReadTool
from researchkit.tools.web import NewsSearchTool, SerperSearchTool

serper = SerperSearchTool(n_results=5)
news = NewsSearchTool()
reports = DirectoryReadTool()


def research_tools(workspace: str | None = None) -> list[BaseTool]:
    """The research crew's tools; a workspace pins the file tools to it."""
    tools: list[BaseTool] = [serper, news]
    if workspace is not None:
        tools.append(FileReadTool(file_path=os.path.join(workspace, "notes.md")))
    if os.environ.get("ACME_SCRAPE"):
        from researchkit.tools.web import ScrapeWebsiteTool

        tools.append(ScrapeWebsiteTool())
    return tools
