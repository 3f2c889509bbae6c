"""The generated module's text: the jinja2 templates lay it out, ``literal`` prints the data."""

from __future__ import annotations

import functools
import hashlib
import keyword
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from toolgen._version import __version__
from toolgen.header import header_line, without_version
from toolgen.render.escape import comment_text, docstring_text
from toolgen.render.literal import assignment, dict_entry, list_item, str_width

if TYPE_CHECKING:
    import jinja2

__all__ = [
    "ENTRY_STAND_IN",
    "Constant",
    "ModuleShape",
    "RenderedConstant",
    "dict_entry",
    "list_item",
    "render_constant",
    "render_dict",
    "render_list",
    "splice",
    "without_version",
]

TEMPLATE: Final = "tool_schemas.py.jinja"
_ANNOTATION: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\[[A-Za-z0-9_\[\], ]*\])?")


def _checked_head(name: str, annotation: str) -> str:
    """``NAME: annotation = `` for a constant; a name that is not a plain identifier, or an
    annotation that is more than a type's name and its arguments, is toolgen's bug."""
    if not (name.isidentifier() and name.isascii() and not keyword.iskeyword(name)):
        raise ValueError(f"not a constant's name: {name!r}")
    if annotation and not _ANNOTATION.fullmatch(annotation):
        raise ValueError(f"not a type annotation: {annotation!r}")
    return f"{name}: {annotation} = " if annotation else f"{name} = "


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
    stand_in: tuple[bytes | memoryview, ...] | None = None
    """What the proof that the module is data reads in this constant's place: the constant with
    one :data:`ITEM_STAND_IN` for all its list items, or one :data:`ENTRY_STAND_IN` for all its
    dict entries (items and entries proved data one by one when they were made, each leading
    from inside the list or dict back to inside it, as any number of them does, and as the
    stand-in does). ``None``: the parts themselves."""

    @property
    def text(self) -> bytes:
        return b"".join(self.parts)


ITEM_STAND_IN: Final = b"    0,"
"""A list item that leads, as every proved item does, from inside a list back to inside it."""


def render_constant(constant: Constant, line_length: int = 88) -> RenderedConstant:
    """One constant's assignment, printed by the deterministic literal emitter."""
    _checked_head(constant.name, constant.annotation)
    return RenderedConstant(constant.name, (_assignment(constant, line_length),), constant.comment)


def _assignment(constant: Constant, line_length: int) -> bytes:
    text = assignment(constant.name, constant.annotation, constant.value, line_length)
    return text.rstrip("\n").encode("utf-8")


def render_list(
    name: str, annotation: str, items: Sequence[bytes | memoryview], comment: str = ""
) -> RenderedConstant:
    """A list constant from items already printed by :func:`~toolgen.render.literal.list_item`
    (and encoded as UTF-8).

    A non-empty list is always one item per line: the trailing commas keep black from joining
    it, and it lets each tool's text be made (and cached) on its own.
    """
    head = _checked_head(name, annotation).encode()
    if not items:
        return RenderedConstant(name, (head + b"[]",), comment)
    parts: list[bytes | memoryview] = [head + b"[\n"]
    for item in items:
        parts.append(item)
        parts.append(b"\n")
    parts[-1] = b"\n]"
    stand_in = (head + b"[\n" + ITEM_STAND_IN + b"\n]",)
    return RenderedConstant(name, tuple(parts), comment, stand_in)


ENTRY_STAND_IN: Final = b'    "": 0,'
"""A dict entry that leads, as every proved entry does, from inside a dict back to inside it."""


def render_dict(
    name: str,
    annotation: str,
    entries: Sequence[bytes | memoryview],
    line_length: int = 88,
    comment: str = "",
) -> RenderedConstant:
    """A dict constant from entries already printed by :func:`~toolgen.render.literal.dict_entry`
    (and encoded as UTF-8), in the layout :func:`render_constant` gives the same dict: on one
    line when it fits there (a few short entries), else one entry per line.

    Each tool's entries in the name maps are printed, and proved, with its list items, so that
    assembling a module of ten thousand tools joins their texts and prints none of them."""
    head = _checked_head(name, annotation).encode()
    if not entries:
        return RenderedConstant(name, (head + b"{}",), comment)
    flat = _one_line(head, entries, line_length)
    if flat is not None:
        return RenderedConstant(name, (flat,), comment)
    # One piece: entries are a line or two each, and a module's pieces are hashed one by one.
    text = b"".join([head, b"{\n", b"\n".join(entries), b"\n}"])
    return RenderedConstant(name, (text,), comment, (head + b"{\n" + ENTRY_STAND_IN + b"\n}",))


def _one_line(head: bytes, entries: Sequence[bytes | memoryview], line_length: int) -> bytes | None:
    """``head`` and the dict of ``entries`` on one line, when it fits in ``line_length`` as
    black measures it; ``None`` otherwise. An entry printed on several lines did not fit on its
    own line, so neither does the dict; a one-line entry is ``    key: value,``."""
    room = line_length - str_width(head.decode("utf-8"))
    size = 0  # the one-line dict's bytes, up to what no width of ``room`` can hold
    for entry in entries:
        size += len(entry) - 3  # the indent and the comma go, ", " comes
        if size > 3 * room:  # no character takes more than 3 bytes of UTF-8 per column
            return None
    pieces = []
    for entry in entries:
        text = bytes(entry).decode("utf-8")
        if "\n" in text:
            return None
        pieces.append(text[4:-1])
    flat = "{" + ", ".join(pieces) + "}"
    return head + flat.encode("utf-8") if str_width(flat) <= room else None


def _template_folder() -> Path:
    """The templates shipped in the wheel, else the repository's ``templates/`` (editable installs)."""
    from importlib import resources

    shipped = resources.files("toolgen").joinpath("_templates")
    if shipped.is_dir():
        return Path(str(shipped))
    return Path(__file__).resolve().parents[3] / "templates"


class _Printable(str):
    """Text a template may print: made by one of the environment's filters (which escape
    outside text for where it goes), or by toolgen itself."""

    __slots__ = ()


def _refuse_unfiltered(value: Any) -> Any:
    """Every ``{{ ... }}`` of a template goes through a filter: a value printed as it is
    (outside text that would reach the module unescaped) stops the rendering."""
    if not isinstance(value, _Printable):
        raise TypeError(f"a template prints {value!r} without an escaping filter")
    return value


@functools.lru_cache(maxsize=4)
def environment(line_length: int) -> jinja2.Environment:
    import jinja2  # here: a rebuild whose layout is cached never loads it

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(_template_folder())),
        autoescape=False,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
        finalize=_refuse_unfiltered,
        # The templates are toolgen's own, fixed while it runs: loaded once, never stat'ed again
        # at each render (so that toolgen.generate touches no file once its code is loaded).
        auto_reload=False,
    )

    def assign(value: Any, name: str, annotation: str) -> str:
        _checked_head(name, annotation)
        return _Printable(assignment(name, annotation, value, line_length).rstrip("\n"))

    env.filters["assign"] = assign
    env.filters["comment"] = lambda text: _Printable(comment_text(str(text)))
    env.filters["docstring"] = lambda text: _Printable(docstring_text(str(text)))
    return env


@dataclass(frozen=True, slots=True)
class ModuleShape:
    """What the template lays a generated module out from: its constants (their names and
    comments; their text is spliced in afterwards), the sources its header names, and, in the
    per-provider layout, its provider or (for the module of the IR) the provider modules
    beside it."""

    constants: Sequence[RenderedConstant]
    sources: Sequence[str]
    line_length: int = 88
    provider: str | None = None
    siblings: Sequence[str] = ()

    def layout(self) -> bytes:
        """The module's text (UTF-8) with a mark, NUL index NUL, where each constant's text goes.

        It depends on the constants' names and comments, never on their values, so a rebuild
        after an edit can take it from the cache (by :meth:`key`) without loading jinja2.
        """
        template = environment(self.line_length).get_template(TEMPLATE)
        text = template.render(
            header=_Printable(header_line(__version__)),
            provider=self.provider,
            siblings=self.siblings,
            sources=self.sources,
            constants=[
                {"name": c.name, "text": _Printable(f"\x00{index}\x00"), "comment": c.comment}
                for index, c in enumerate(self.constants)
            ],
            all_names=[c.name for c in self.constants],
        )
        return text.rstrip("\n").encode("utf-8")

    def key(self) -> str:
        """Everything :meth:`layout` reads, hashed (the template and toolgen's version are
        those of the cache's own namespace)."""

        inputs = (
            __version__,
            self.line_length,
            self.provider,
            tuple(self.siblings),
            tuple(self.sources),
            tuple((c.name, c.comment) for c in self.constants),
        )
        return hashlib.sha256(repr(("layout", inputs)).encode()).hexdigest()


def splice(
    text: bytes, constants: Sequence[RenderedConstant], stand_ins: bool = False
) -> tuple[bytes | memoryview, ...] | None:
    """The module: ``text`` from :meth:`ModuleShape.layout` with each constant's text at its mark. The
    constants' text, which can be hundreds of megabytes, is not copied: the pieces are hashed
    and written as they are. ``None`` unless ``text`` marks each constant exactly once.

    ``stand_ins``: the module as its proof reads it, each constant with a
    :attr:`~RenderedConstant.stand_in` read as that."""
    parts = text.split(b"\x00")
    marks = parts[1::2]
    if len(parts) != 2 * len(constants) + 1 or not all(m.isdigit() for m in marks):
        return None
    order = [int(m) for m in marks]
    if sorted(order) != list(range(len(constants))):
        return None
    pieces: list[bytes | memoryview] = [parts[0]]
    for position, index in enumerate(order):
        constant = constants[index]
        pieces.extend(
            constant.stand_in if stand_ins and constant.stand_in is not None else constant.parts
        )
        pieces.append(parts[2 * position + 2])
    pieces.append(b"\n")
    return tuple(pieces)
