"""agno's toolkits' tools as candidates: each method a ``Toolkit`` subclass registers, read as
agno reads it, with its ``@tool(...)`` keywords if decorated, owned by its toolkit."""

from __future__ import annotations

from toolgen.config import Target
from toolgen.errors import Diagnostics
from toolgen.frameworks.agno import toolkit_tools
from toolgen.frameworks.candidate import Candidate, decorator_qualnames, wanted_owner
from toolgen.frameworks.presets import preset
from toolgen.scan.model import Call, Lit, ModuleScan, Name
from toolgen.scan.resolve import Resolver
from toolgen.scan.schema import SchemaMapper


def toolkit_candidates(
    scans: list[ModuleScan],
    resolver: Resolver,
    mapper: SchemaMapper,
    target: Target,
    diags: Diagnostics,
    modules: frozenset[str] | None,
) -> list[Candidate]:
    """The methods agno ``Toolkit`` subclasses register (:mod:`toolgen.frameworks.agno`) that
    the target takes, each a candidate read by agno's ``@tool`` rule."""
    framework = preset("agno")
    out: list[Candidate] = []
    for found in toolkit_tools(scans, resolver, mapper, diags, modules):
        if not wanted_owner(target, found.owner):
            continue
        function, scan = found.function, found.module
        decorator = next(
            (
                d
                for d in function.decorators
                if decorator_qualnames(resolver, scan.module, d) & set(framework.decorators)
            ),
            None,
        )
        if found.alias is not None:  # ``register(fn, name=...)`` wins over ``@tool(name=...)``
            kept = decorator.kwargs if isinstance(decorator, Call) else ()
            named = (("name", Lit(found.alias)), *((k, v) for k, v in kept if k != "name"))
            decorator = Call(Name("tool"), (), named)
        candidate = Candidate(
            function,
            scan,
            decorator,
            function.span,
            None,
            framework.decorators["agno.tools.tool"],
            (framework,),
            found.owner,
            # A method is named by the toolkit the user instantiates, not the base defining it.
            found.toolkit.name if found.method_of is not None else None,
            class_module=(
                resolver.module_name(found.toolkit.module) if found.method_of is not None else None
            ),
        )
        out.append(candidate)
    return out
