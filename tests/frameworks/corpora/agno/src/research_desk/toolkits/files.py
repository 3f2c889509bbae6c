"""Local files: a fixed list, a ``@tool`` method with its own name, a renamed registration, and
a tool the constructor excludes."""

from pathlib import Path
from typing import Any, Callable, List, Optional

from agno.tools import Toolkit, tool


class FileTools(Toolkit):
    def __init__(self, base_dir: Optional[Path] = None, **kwargs: Any):
        self.base_dir = base_dir or Path.cwd()
        tools: List[Callable] = [
            self.read_file,
            self.list_files,
            self.save_file,
            self.remove_file,
            self.file_stats,
        ]
        super().__init__(name="files", tools=tools, exclude_tools=["file_stats"], **kwargs)
        self.register(self.search_files, name="grep_files")

    def read_file(self, file_name: str, encoding: str = "utf-8") -> str:
        """Reads the contents of a file and returns them.

        Args:
            file_name (str): The name of the file to read.
            encoding (str): The text encoding.
        """
        return file_name

    def list_files(self, directory: Optional[str] = None, pattern: str = "*") -> List[str]:
        """Returns a list of files in the base directory.

        Args:
            directory: A folder below the base directory.
            pattern: A glob the names must match.
        """
        return []

    def save_file(self, contents: str, file_name: str, overwrite: bool = True) -> str:
        """Saves the contents to a file and returns the file name if successful.

        Args:
            contents (str): The contents to save.
            file_name (str): The name of the file to save to.
            overwrite (bool): Overwrite the file if it already exists.
        """
        return file_name

    @tool(name="delete_file", description="Delete a file below the base directory.")
    def remove_file(self, file_name: str) -> str:
        return file_name

    def file_stats(self, file_name: str) -> str:
        """Size and dates of a file."""
        return file_name

    def search_files(self, text: str, case_sensitive: bool = False) -> List[str]:
        """Find the files that contain a text.

        Args:
            text: What to look for.
            case_sensitive: Match the case too.
        """
        return []
