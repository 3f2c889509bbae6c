"""A tool decorator's arguments, read by its framework's rule: the name, the description, and
what else the rule names a keyword for (title, annotations, examples, switches)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from toolgen.errors import Diagnostics
from toolgen.frameworks.candidate import Candidate
from toolgen.scan.annotations import read_annotations, read_examples
from toolgen.scan.model import Call, Lit
from toolgen.scan.schema import MISSING, Context, SchemaMapper


@dataclass(slots=True)
class Read:
    """What a decorator's arguments say beside the name and description."""

    title: str | None = None
    structured: bool = True
    strict: bool | None = None
    annotations: tuple[tuple[str, object], ...] = ()
    examples: tuple[dict[str, object], ...] = ()
    defer_loading: bool = False
    arg_desc: dict[str, str] = dataclasses.field(default_factory=dict)


def decorator_arguments(
    c: Candidate, mapper: SchemaMapper, diags: Diagnostics, read: Read | None = None
) -> tuple[str | None, str | None, bool]:
    """``name`` and ``description`` of a called decorator; False when an argument is bad.

    Values are folded statically (``name=PREFIX + "search"``, ``description=f"... {MAX}"``); one
    that does not fold is a warning, and the function's name or docstring is used instead.
    toolgen's own ``@tool(...)`` takes keywords only. Other frameworks' decorators keep their own
    keywords (ignored here); their name and description keywords, and whether a leading string is
    the name (``@tool("name")`` in LangChain), come from the framework's preset. The preset's
    title and switches (``structured_output=False``, ``strict_mode=False``) go to ``read``.
    """
    deco = c.decorator
    if not isinstance(deco, Call):
        return None, None, True
    module = c.call_module or c.module.module
    name = description = None
    ok = True
    ctx = Context(module, c.decorator_span, f"tool '{c.function.name}'")
    rules = c.rule
    for index, value in enumerate(deco.args):
        if c.is_toolgen:
            diags.error(
                "@tool() takes keyword arguments only (name=..., description=...)",
                c.decorator_span,
                "bad-decorator",
            )
            ok = False
        elif index < len(rules.positional) and rules.positional[index] == "title":
            _read_title(value, mapper, module, ctx, read)
        elif index < len(rules.positional) and rules.positional[index] in ("name", "description"):
            role = rules.positional[index]
            instead = "the function's name is used" if role == "name" else "the docstring is used"
            if isinstance(value, Lit) and value.value is None:
                continue
            folded = mapper.value(value, module, ctx, f"the decorator's {role}", instead)
            if isinstance(folded, str) and role == "name":
                name = folded
            elif isinstance(folded, str):
                description = folded
    for key, value in deco.kwargs:
        if key in rules.name_keywords or key in rules.description_keywords:
            if isinstance(value, Lit) and value.value is None:
                continue
            is_name = key in rules.name_keywords
            what = "the function's name is used" if is_name else "the docstring is used"
            folded = mapper.value(value, module, ctx, f"the decorator's {key}=", what)
            if folded is MISSING:
                continue
            if not isinstance(folded, str):
                diags.error(
                    f"the decorator's {key}= must be a string, got {type(folded).__name__}",
                    c.decorator_span,
                    "bad-decorator",
                )
                ok = False
            elif is_name:
                name = folded
            else:
                description = folded
        elif key in rules.title_keywords:
            _read_title(value, mapper, module, ctx, read)
        elif key == rules.annotations_keyword:
            found = read_annotations(value, mapper, module, ctx)
            if found is None:
                ok = False
            elif read is not None:
                read.annotations = found
        elif key == rules.defer_keyword:
            switch = mapper.value(
                value, module, ctx, f"the decorator's {key}=", "it is not deferred"
            )
            if switch is not MISSING and not isinstance(switch, bool):
                diags.error(
                    f"the decorator's {key}= must be True or False, got {switch!r}",
                    c.decorator_span,
                    "bad-decorator",
                )
                ok = False
            elif read is not None:
                read.defer_loading = switch is True
        elif key == rules.examples_keyword:
            calls = read_examples(value, mapper, module, ctx)
            if calls is None:
                ok = False
            elif read is not None:
                read.examples = calls
        elif key == rules.arg_desc_keyword and read is not None:
            given = mapper.value(value, module, ctx, f"the {key}=", "no descriptions are taken")
            if isinstance(given, dict):
                read.arg_desc = {k: v for k, v in given.items() if isinstance(v, str)}
        elif key in (rules.structured_keyword, rules.strict_keyword) and read is not None:
            what = f"the decorator's {key}="
            switch = mapper.value(value, module, ctx, what, f"{key}=True is assumed")
            if switch is False and key == rules.structured_keyword:
                read.structured = False
            elif switch is False:
                read.strict = False
        elif key in rules.unread_keywords:
            diags.warning(
                f"{rules.framework}: tool '{c.function.name}': {key}= replaces what the "
                "framework reads from the function, which toolgen does not follow; toolgen "
                "emits what it reads from the function's signature and docstring",
                c.decorator_span,
                "runtime-tool",
            )
        elif c.is_toolgen:
            diags.error(
                f"@tool() got an unknown keyword '{key}'; expected name, description, "
                "annotations, examples or defer_loading",
                c.decorator_span,
                "bad-decorator",
            )
            ok = False
    return name, description, ok


def _read_title(
    value: Any, mapper: SchemaMapper, module: str, ctx: Context, read: Read | None
) -> None:
    if read is None or (isinstance(value, Lit) and value.value is None):
        return
    folded = mapper.value(value, module, ctx, "the decorator's title", "no title is emitted")
    if isinstance(folded, str):
        read.title = folded
