"""Run in a framework's own environment: decode generated calls of a corpus's tools with
``toolgen.runtime.Toolbox`` and say, as JSON, what became of each.

    python round_trip.py < request.json     # {"roots": [...], "module": text, "calls": [...]}

``calls`` are ``[provider, wire name, arguments, scope]``, ``scope`` the prefix of the owner
whose constants the Toolbox is given (``""``: the module's own); ``module`` is the generated module's text
(data only, executed into a namespace the Toolbox reads). The corpus is imported from
``roots`` as the framework's own program would import it (after each of ``preludes``, the
scripts that make a framework importable in its slim environment: ``harness.prelude``), so
each tool's function is the one its decorator left behind. For each call one result is printed, in order:

- ``{"refused": errors}``: an ``ArgumentError`` (its ``errors``, and its text as ``text``);
- ``{"typed": problems, "kwargs": ..., "fallback": bool, "wrapped": bool}``: decoded;
  ``problems`` lists each keyword argument that is not of its declared type (pydantic's strict
  validation against the function's own annotation); ``fallback``: the Toolbox said it could
  not read the signature (the arguments are the JSON values, given in ``kwargs``);
  ``wrapped``: the function is a framework's object rather than the function itself;
- ``{"crashed": traceback}``: anything else the run-time raised, or a changed argument.

``test_round_trip.py`` decides, with ``jsonschema``, whether each outcome keeps the rule.
"""

from __future__ import annotations

import copy
import inspect
import json
import runpy
import sys
import traceback
import types
import typing
import warnings
from typing import Any

from toolgen.runtime import ArgumentError, Toolbox


def _typed(function: Any, kwargs: dict[str, Any]) -> list[str]:
    """Each keyword argument that is not of its parameter's declared type, strictly (only the
    parameters given are read: an injected context's annotation may name what is imported only
    under ``TYPE_CHECKING``; an unannotated parameter takes anything)."""
    import pydantic

    inner = inspect.unwrap(function)
    declared = getattr(inner, "__annotations__", {})
    holder = types.SimpleNamespace(
        __annotations__={k: v for k, v in declared.items() if k in kwargs},
        __globals__=getattr(inner, "__globals__", {}),
    )
    hints = typing.get_type_hints(holder, include_extras=True)
    problems = []
    for name, value in kwargs.items():
        if name not in hints:
            continue
        try:
            pydantic.TypeAdapter(hints[name]).validate_python(value, strict=True)
        except pydantic.ValidationError as exc:
            problems.append(f"{name}: {exc}"[:600])
    return problems


def _jsonable(value: Any) -> Any:
    try:
        return json.loads(json.dumps(value))
    except (TypeError, ValueError):
        return repr(value)


def _one(box: Toolbox, wire: str, arguments: Any) -> dict[str, Any]:
    sent = copy.deepcopy(arguments)
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        try:
            function, kwargs = box.decode(wire, arguments)
        except ArgumentError as err:
            return {"refused": err.errors, "text": str(err)}
        except Exception:
            return {"crashed": traceback.format_exc()[-3000:]}
    if arguments != sent:
        return {"crashed": f"decode changed the caller's arguments: {sent!r} -> {arguments!r}"}
    # The run-time's own warnings name the tool; a corpus's import may warn of its own things.
    own = [str(w.message) for w in said if str(w.message).startswith("tool '")]
    fallback = any("pydantic cannot read the signature" in m for m in own)
    others = [m for m in own if "pydantic cannot read" not in m]
    if others:
        return {"crashed": f"decode warned: {others}"}
    try:
        typed = [] if fallback else _typed(function, kwargs)
    except Exception:
        return {"crashed": traceback.format_exc()[-3000:]}
    return {
        "typed": typed,
        "kwargs": _jsonable(kwargs) if fallback else None,
        "fallback": fallback,
        "wrapped": not (inspect.isfunction(function) or inspect.ismethod(function)),
    }


def main() -> None:
    request = json.load(sys.stdin)
    out, sys.stdout = sys.stdout, sys.stderr  # what a corpus prints must not mix with the JSON
    sys.path[:0] = request["roots"]
    for prelude in request.get("preludes", []):  # what lets the framework import (harness.prelude)
        runpy.run_path(prelude)
    namespace: dict[str, Any] = {}
    exec(compile(request["module"], "tool_schemas.py", "exec"), namespace)  # data only
    boxes: dict[tuple[str, str], Toolbox] = {}
    results = []
    for provider, wire, arguments, scope in request["calls"]:
        box = boxes.get((provider, scope))
        if box is None:  # one owner's constants, under the names a Toolbox reads
            view = {
                k[len(scope) + 1 :]: v for k, v in namespace.items() if k.startswith(f"{scope}_")
            }
            box = boxes[(provider, scope)] = Toolbox(
                view if scope else namespace, provider=provider
            )
        results.append(_one(box, wire, arguments))
    json.dump(results, out)


if __name__ == "__main__":
    main()
