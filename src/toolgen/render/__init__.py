"""The generated module's text: the jinja2 templates lay it out, ``literal`` prints the data."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Final

import jinja2

from toolgen import __version__
from toolgen.header import without_version
from toolgen.render.literal import assignment, list_item

__all__ = [
    "Constant",
    "RenderedConstant",
    "list_item",
    "render_constant",
    "render_list",
    "render_module",
    "without_version",
]

TEMPLATE: Final = "tool_schemas.py.jinja"


@dataclass(frozen=True, slots=True)
class Constant:
    """One top-level assignment of the generated module."""

    name: str
    annotation: str
    value: Any
    comment: str = ""


@dataclass(frozen=True, slots=True)
class RenderedConstant:
    """A constant already printed as black-formatted source."""

    name: str
    text: str
    comment: str = ""


def render_constant(constant: Constant, line_length: int = 88) -> RenderedConstant:
    """One constant's assignment, printed by the deterministic literal emitter."""
    text = assignment(constant.name, constant.annotation, constant.value, line_length).rstrip("\n")
    return RenderedConstant(constant.name, text, constant.comment)


def render_list(
    name: str, annotation: str, items: list[str], comment: str = ""
) -> RenderedConstant:
    """A list constant from items already printed by :func:`~toolgen.render.literal.list_item`.

    A non-empty list is always one item per line: the trailing commas keep black from joining
    it, and it lets each tool's text be made (and cached) on its own.
    """
    if not items:
        return RenderedConstant(name, f"{name}: {annotation} = []", comment)
    return RenderedConstant(name, f"{name}: {annotation} = [\n" + "\n".join(items) + "\n]", comment)


def _template_folder() -> Path:
    """The templates shipped in the wheel, else the repository's ``templates/`` (editable installs)."""
    shipped = resources.files("toolgen").joinpath("_templates")
    if shipped.is_dir():
        return Path(str(shipped))
    return Path(__file__).resolve().parents[3] / "templates"


@functools.lru_cache(maxsize=4)
def environment(line_length: int) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(_template_folder())),
        autoescape=False,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )

    def assign(value: Any, name: str, annotation: str) -> str:
        return assignment(name, annotation, value, line_length).rstrip("\n")

    env.filters["assign"] = assign
    return env


def render_module(
    constants: list[RenderedConstant], sources: list[str], line_length: int = 88
) -> str:
    """The whole generated module as text (black's layout, ``\\n`` line ends).

    The template lays out the module around a placeholder per constant; the constants' text,
    which can be megabytes, is spliced in once rather than copied through the template engine.
    """
    template = environment(line_length).get_template(TEMPLATE)
    marks = [f"\x00{index}\x00" for index in range(len(constants))]
    skeleton = template.render(
        version=__version__,
        sources=sources,
        constants=[RenderedConstant(c.name, mark, c.comment) for c, mark in zip(constants, marks)],
        all_names=[c.name for c in constants],
    )
    parts = skeleton.rstrip("\n").split("\x00")
    pieces = [parts[0]]
    for index in range(len(constants)):
        pieces.append(constants[int(parts[2 * index + 1])].text)
        pieces.append(parts[2 * index + 2])
    pieces.append("\n")
    return "".join(pieces)
