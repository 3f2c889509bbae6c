"""A tool's description from its docstring, by the docstring rule of the framework reading it."""

from __future__ import annotations

from toolgen import docstrings
from toolgen.frameworks.rules import DocstringRule


def description(
    rule: DocstringRule,
    raw_doc: str | None,
    doc: docstrings.Docstring,
    function_name: str,
    override: str | None = None,
    long_description: bool = False,
) -> str:
    """What the framework tells the model the tool does: ``override`` (a decorator's or a
    call's ``description=``) when given, else the docstring read by ``rule``;
    ``long_description`` is toolgen's own setting (the summary and the text after it)."""
    text = override
    if text is None:
        text = doc.summary
        if rule.description == "whole":
            text = (raw_doc or "").strip()
        elif rule.description == "without_params":
            text = docstrings.without_parameter_section(raw_doc)
        elif rule.description == "until_args":
            text = docstrings.until_heading(raw_doc, ("Args:", "Returns:", "Raises:"))
        elif rule.description == "none":
            text = ""
        elif (rule.description == "intro" or long_description) and doc.long_description:
            text = f"{text}\n\n{doc.long_description}" if text else doc.long_description
    if override is None and rule.returns_xml and doc.returns:
        kind = f"<type>{doc.returns_type}</type>\n" if doc.returns_type else ""
        returned = f"<returns>\n{kind}<description>{doc.returns}</description>\n</returns>"
        text = f"<summary>{text}</summary>\n{returned}" if text else returned
    if not text and rule.empty == "name":
        text = function_name
    return text or ""
