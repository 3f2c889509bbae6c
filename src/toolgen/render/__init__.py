"""The generated module's text: the jinja2 templates lay it out, ``literal`` prints the data."""

from __future__ import annotations

import functools
from collections.abc import Sequence
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
    """A constant already printed as black-formatted source, UTF-8 encoded, in pieces.

    Bytes, not text: a cached tool's text goes from the cache file to the output file
    without ever being decoded or encoded again; and pieces, joined once for the whole
    module, so that megabytes are copied once.
    """

    name: str
    parts: tuple[bytes | memoryview, ...]
    comment: str = ""

    @property
    def text(self) -> bytes:
        return b"".join(self.parts)


def render_constant(constant: Constant, line_length: int = 88) -> RenderedConstant:
    """One constant's assignment, printed by the deterministic literal emitter."""
    text = assignment(constant.name, constant.annotation, constant.value, line_length).rstrip("\n")
    return RenderedConstant(constant.name, (text.encode("utf-8"),), constant.comment)


def render_list(
    name: str, annotation: str, items: Sequence[bytes | memoryview], comment: str = ""
) -> RenderedConstant:
    """A list constant from items already printed by :func:`~toolgen.render.literal.list_item`
    (and encoded as UTF-8).

    A non-empty list is always one item per line: the trailing commas keep black from joining
    it, and it lets each tool's text be made (and cached) on its own.
    """
    head = f"{name}: {annotation} = ".encode()
    if not items:
        return RenderedConstant(name, (head + b"[]",), comment)
    parts: list[bytes | memoryview] = [head + b"[\n"]
    for item in items:
        parts.append(item)
        parts.append(b"\n")
    parts[-1] = b"\n]"
    return RenderedConstant(name, tuple(parts), comment)


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
    constants: list[RenderedConstant],
    sources: list[str],
    line_length: int = 88,
    provider: str | None = None,
    siblings: Sequence[str] = (),
) -> tuple[bytes | memoryview, ...]:
    """The whole generated module, UTF-8 encoded (black's layout, ``\\n`` line ends), in
    pieces: joined, they are the file.

    ``provider`` names the one provider a module holds (per-provider layout); ``siblings``
    lists, in the module of the IR, the provider modules beside it.

    The template lays out the module around a placeholder per constant; the constants' text,
    which can be hundreds of megabytes, is spliced in rather than copied through the template
    engine, and not even joined: the pieces are hashed and written as they are.
    """
    template = environment(line_length).get_template(TEMPLATE)
    marks = [f"\x00{index}\x00" for index in range(len(constants))]
    skeleton = template.render(
        version=__version__,
        provider=provider,
        siblings=siblings,
        sources=sources,
        constants=[
            {"name": c.name, "text": mark, "comment": c.comment}
            for c, mark in zip(constants, marks)
        ],
        all_names=[c.name for c in constants],
    )
    parts = skeleton.rstrip("\n").encode("utf-8").split(b"\x00")
    pieces: list[bytes | memoryview] = [parts[0]]
    for index in range(len(constants)):
        pieces.extend(constants[int(parts[2 * index + 1])].parts)
        pieces.append(parts[2 * index + 2])
    pieces.append(b"\n")
    return tuple(pieces)
