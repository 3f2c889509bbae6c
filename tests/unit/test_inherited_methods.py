"""An inherited method in the run-time function table: every class reader names the class whose
instance the user holds (the subclass), never the base that defines the method, so a
``Toolbox`` given that instance's bound methods (or ``getattr(instance, name)``) finds them all."""

from __future__ import annotations

BASES = '''
from langchain_core.tools import BaseTool
from llama_index.core.tools.tool_spec.base import BaseToolSpec
from agno.tools import Toolkit


class LookupTool(BaseTool):
    description: str = "Look a word up."

    def _run(self, word: str) -> str:
        return word


class LookupSpec(BaseToolSpec):
    def lookup(self, word: str) -> str:
        """Look a word up."""


class LookupKit(Toolkit):
    def __init__(self, **kwargs):
        super().__init__(name="lookup", tools=[self.lookup], **kwargs)

    def lookup(self, word: str) -> str:
        """Look a word up."""


class Service:
    def lookup(self, word: str) -> str:
        """Look a word up."""
'''

CLASSES = """
from autogen_agentchat.agents import AssistantAgent

from pkg.bases import LookupKit, LookupSpec, LookupTool, Service


class DictionaryTool(LookupTool):
    name: str = "dictionary"


class DictionarySpec(LookupSpec):
    spec_functions = ["lookup"]


class DictionaryKit(LookupKit):
    pass


class Dictionary(Service):
    pass


dictionary = Dictionary()
helper = AssistantAgent("helper", None, tools=[dictionary.lookup])
"""


def test_every_class_reader_names_the_subclass_of_an_inherited_method(build_pkg) -> None:
    built = build_pkg({"pkg/__init__.py": "", "pkg/bases.py": BASES, "pkg/classes.py": CLASSES})
    assert built.diagnostics == []
    m = built.module
    # LangChain's BaseTool subclass: _run defined by its base.
    assert m["TOOL_FUNCTIONS"]["dictionary"] == "pkg.classes:DictionaryTool._run"
    # llama-index's tool spec: spec_functions names a base's method.
    assert m["DICTIONARYSPEC_TOOL_FUNCTIONS"] == {"lookup": "pkg.classes:DictionarySpec.lookup"}
    # agno's toolkit: the base's constructor registers the base's method.
    assert m["DICTIONARYKIT_TOOL_FUNCTIONS"] == {"lookup": "pkg.classes:DictionaryKit.lookup"}
    # A bound method of an instance whose class inherits it.
    assert m["HELPER_TOOL_FUNCTIONS"] == {"lookup": "pkg.classes:Dictionary.lookup"}
