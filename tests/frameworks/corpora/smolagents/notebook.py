"""A notebook the research assistant writes to (a top-level module beside the package)."""

from typing import Annotated, Literal

from smolagents import tool

from research_kit.kinds import Language

NOTES_DIR = "notes"


@tool
def save_note(title: str, body: str, tags: list[str] | None = None) -> str:
    """Save a note to the notebook.

    Notes are Markdown files named after their title.

    Note:
        An existing note of the same title is overwritten.

    Args:
        title: The note's title.
        body: The note, in Markdown.
        tags: Labels to find the note by.

    Returns:
        The path of the saved note.
    """
    raise NotImplementedError


@tool
def translate(
    text: Annotated[str, "The text, at most 5000 characters"],
    target_language: Language,
    formality: Literal["default", "more", "less"] = "default",
) -> str:
    """Translate text into another language.

    Args:
        text: The text to translate.
        target_language: The language to translate into.
        formality: How formal the translation should be.
    """
    raise NotImplementedError
