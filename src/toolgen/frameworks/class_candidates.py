"""Tools written as classes, as candidates: one whose parameters are a method's signature is read
as its framework's decorator reads a function, the class's name and description its arguments."""

from __future__ import annotations

import dataclasses

from toolgen.config import Target
from toolgen.errors import Diagnostics
from toolgen.frameworks import llama_index
from toolgen.frameworks.candidate import Candidate, wanted_owner
from toolgen.frameworks.classes import MethodTool, class_tools, listed_class_tools
from toolgen.frameworks.presets import active, preset
from toolgen.ir import ToolDef
from toolgen.scan.model import Call, Lit, ModuleScan, Name
from toolgen.scan.resolve import Resolver
from toolgen.scan.schema import SchemaMapper


def class_candidates(
    scans: list[ModuleScan],
    resolver: Resolver,
    mapper: SchemaMapper,
    target: Target,
    diags: Diagnostics,
    modules: frozenset[str] | None,
) -> list[tuple[ToolDef | Candidate, Diagnostics]]:
    """Each class-defined tool the target takes (:mod:`toolgen.frameworks.classes`): a finished
    tool, or a method's candidate to read as a function; with the diagnostics it reports to."""
    presets = active(target.frameworks)
    names = tuple(f.name for f in presets)
    out: list[tuple[ToolDef | Candidate, Diagnostics]] = []
    found_tools = class_tools(scans, resolver, mapper, diags, modules, names)
    if "llama-index" in names:
        found_tools.extend(llama_index.spec_tools(scans, resolver, mapper, diags, modules))
    # A class read again as an owner's (an agent's list holds it) has said what it had to say.
    listed = listed_class_tools(scans, resolver, mapper, modules, presets)
    for found, said in [*((f, diags) for f in found_tools), *((f, Diagnostics()) for f in listed)]:
        if not wanted_owner(target, found.owner):
            continue
        if not isinstance(found, MethodTool):
            out.append((found, said))
            continue
        framework = preset(found.framework)
        rule = framework.decorators.get(found.reads_as) or framework.calls[found.reads_as].rule
        # The class's name and description are given as the decorator's keywords, whatever
        # keywords the framework's own decorator takes (CrewAI's ``@tool`` takes neither).
        rule = dataclasses.replace(
            rule,
            name_keywords=frozenset({"name"}),
            description_keywords=frozenset({"description"}),
            needs_docstring=False,
        )
        given = Call(
            Name("tool"),
            (),
            (("name", Lit(found.name)),)
            + ((("description", Lit(found.description)),) if found.description is not None else ()),
        )
        scan = resolver.symbols[found.cls.module].scan
        holder = found.holder or found.cls  # the instance's class names an inherited method
        candidate = Candidate(
            found.method,
            scan,
            given,
            found.method.span,
            None,
            rule,
            (framework,),
            found.owner,
            holder.name,
            class_module=resolver.module_name(holder.module),
        )
        out.append((candidate, said))
    return out
