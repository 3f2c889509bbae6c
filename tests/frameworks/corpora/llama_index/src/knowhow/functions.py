"""Plain functions made tools by FunctionTool.from_defaults, as llama-index's examples do."""

from typing import Dict, List, Optional

from llama_index.core.tools import FunctionTool
from pydantic import Field

from knowhow.constants import MAX_RESULTS


def convert_units(value: float, source: str, target: str) -> float:
    """Convert a quantity between units.

    Args:
        value (float): The quantity.
        source (str): The unit it is in.
        target (str): The unit wanted.
    """
    return value


def translate(text: str, target_language: str = "de", formal: Optional[bool] = None) -> str:
    """Translate a text."""
    return text


def word_count(text: str) -> Dict[str, int]:
    """Count each word of a text."""
    return {}


def glossary(
    terms: List[str], limit: int = Field(MAX_RESULTS, description="Entries at most.")
) -> List[str]:
    """Look terms up in the glossary.

    :param terms: The terms to define.
    """
    return []


def _shout(text: str) -> str:
    return text.upper()


convert_tool = FunctionTool.from_defaults(fn=convert_units)
translate_tool = FunctionTool.from_defaults(
    translate, name="translate_text", description="Translate a text into another language."
)
word_count_tool = FunctionTool.from_defaults(word_count)
glossary_tool = FunctionTool.from_defaults(fn=glossary, name="define_terms")
shout_tool = FunctionTool.from_defaults(fn=_shout, name="shout", description="Say it louder.")
