"""File tools, as crewai-tools writes FileReadTool, DirectoryReadTool and FileWriterTool."""

import os
from typing import Any, Optional, Type

from crewai.tools import BaseTool
from pydantic import BaseModel

from researchkit.constants import READ_ONLY_NOTE
from researchkit.schemas import (
    DirectoryReadToolSchema,
    FileReadToolSchema,
    FileWriterToolInput,
    FixedDirectoryReadToolSchema,
)
from researchkit.tools.base import ResearchTool


class FileReadTool(BaseTool):
    """Reads a file; constructed with a path, the description names it."""

    name: str = "Read a file's content"
    description: str = (
        "A tool that reads the content of a file. To use this tool, provide a 'file_path' "
        "parameter with the path to the file you want to read." + READ_ONLY_NOTE
    )
    args_schema: Type[BaseModel] = FileReadToolSchema
    file_path: Optional[str] = None

    def __init__(self, file_path: Optional[str] = None, **kwargs: Any) -> None:
        if file_path is not None:
            kwargs["description"] = (
                f"A tool that reads file content. The default file is {file_path}."
            )
        super().__init__(**kwargs)
        self.file_path = file_path

    def _run(
        self,
        file_path: Optional[str] = None,
        start_line: Optional[int] = 1,
        line_count: Optional[int] = None,
    ) -> str:
        return ""


class DirectoryReadTool(ResearchTool):
    name: str = "List files in directory"
    description: str = "A tool that can be used to recursively list a directory's content."
    args_schema: Type[BaseModel] = DirectoryReadToolSchema
    directory: Optional[str] = None

    def __init__(self, directory: Optional[str] = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if directory is not None:
            self.directory = directory
            self.description = f"A tool that can be used to list {directory}'s content."
            self.args_schema = FixedDirectoryReadToolSchema
            self._generate_description()

    def _run(self, **kwargs: Any) -> Any:
        return os.listdir(kwargs.get("directory", self.directory))


class FileWriterTool(ResearchTool):
    name: str = "File Writer Tool"
    description: str = (
        "A tool to write content to a specified file. Accepts filename, content, and optionally a directory path and overwrite flag as input."
    )
    args_schema: Type[BaseModel] = FileWriterToolInput

    def _run(self, **kwargs: Any) -> str:
        return "written"


class FileStatTool(ResearchTool):
    """No args_schema: CrewAI derives it from _run's signature."""

    name: str = "fileStat"
    description: str = "Size, owner and modification time of a file."

    def _run(self, path: str, follow_symlinks: bool = True) -> dict:
        return {}


class GrepTool(ResearchTool):
    name: str = "grep_files"
    description: str = "Find lines matching a pattern in the files under a folder."

    def _run(
        self, pattern: str, folder: str = ".", ignore_case: bool = False, **kwargs: Any
    ) -> list:
        return []
