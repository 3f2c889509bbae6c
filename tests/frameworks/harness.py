"""The differential suite's machinery: the frameworks' environments, both sides' schemas, and the
comparison of what a model sees.

Each framework computes its schemas in a virtual environment of its own (``envs/<group>.txt``,
pinned), because the frameworks pin versions of ``mcp`` and ``google-genai`` that cannot live
together, nor beside the provider SDKs the other tests use. The environments are made once per
requirements file and kept under ``TOOLGEN_REFERENCE_ENVS`` (default: the user cache folder).
"""

from __future__ import annotations

import hashlib
import inspect
import json
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from toolgen import api
from toolgen.config import load

if sys.version_info >= (3, 11):
    import tomllib
else:  # toolgen reads TOML with tomli there (a dependency on 3.10)
    import tomli as tomllib

HERE = Path(__file__).resolve().parent
CORPORA = HERE / "corpora"
ENVS = HERE / "envs"

# framework (corpus folder and reference module) -> environment group (envs/<group>.txt)
FRAMEWORKS: dict[str, str] = {
    "mcp_server": "main",
    "mcp_v1": "mcp1",
    "fastmcp": "main",
    "openai_agents": "main",
    "langchain": "main",
    "langchain_classes": "main",
    "smolagents": "main",
    "smolagents_classes": "main",
    "semantic_kernel": "semantic_kernel",
    "pydantic_ai": "main",
    "google_adk": "adk",
    "strands": "strands",
    "llama_index": "llamaindex",
    "dspy": "dspy",
    "crewai": "crewai",
    "agno": "main",
    "autogen": "autogen",
}


def env_root() -> Path:
    configured = os.environ.get("TOOLGEN_REFERENCE_ENVS")
    if configured:
        return Path(configured)
    return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "toolgen-reference-envs"


def _python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_env(group: str) -> Path:
    """The interpreter of the group's environment, made (or remade) when its requirements change.

    ``envs/<group>.txt`` is installed with its dependencies; ``envs/<group>.nodeps.txt``, where it
    exists, after it with ``--no-deps``: a framework whose full tree is heavy (a vector database,
    cloud SDKs) is installed alone, beside only the packages its schema code really imports.
    """
    requirements = ENVS / f"{group}.txt"
    alone = ENVS / f"{group}.nodeps.txt"
    pinned = requirements.read_bytes() + (alone.read_bytes() if alone.is_file() else b"")
    digest = hashlib.sha256(pinned + sys.version.encode()).hexdigest()[:12]
    venv = env_root() / f"{group}-{digest}"
    done = venv / ".complete"
    if done.is_file():
        return _python(venv)
    if venv.exists():
        shutil.rmtree(venv)
    venv.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(_python(venv)), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    subprocess.run([*pip, "-r", str(requirements)], check=True)
    if alone.is_file():
        subprocess.run([*pip, "--no-deps", "-r", str(alone)], check=True)
    done.write_text("ok\n")
    return _python(venv)


def ensure_envs(groups: set[str]) -> dict[str, Path]:
    with ThreadPoolExecutor(max_workers=3) as pool:
        return dict(zip(sorted(groups), pool.map(ensure_env, sorted(groups))))


def prelude(framework: str) -> Path | None:
    """``reference/_<framework>_prelude.py``, where it exists: run before a corpus is imported in
    the framework's environment, it makes the framework importable there (CrewAI's tools without
    the rest of CrewAI, whose dependencies the environment leaves out)."""
    path = HERE / "reference" / f"_{framework}_prelude.py"
    return path if path.is_file() else None


def reference_tools(python: Path, framework: str, corpus: Path) -> list[dict[str, Any]]:
    """What the framework serves for the corpus, computed by the framework in its environment."""
    done = subprocess.run(
        [str(python), str(HERE / "reference" / "run.py"), framework, str(corpus)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0"},
    )
    if done.returncode != 0:
        raise AssertionError(f"the {framework} reference failed:\n{done.stderr[-4000:]}")
    return json.loads(done.stdout)


def toolgen_tools(
    corpus: Path, workdir: Path
) -> tuple[list[dict[str, Any]], list[str], dict[str, Any]]:
    """toolgen's IR for the corpus (a copy, built with the corpus's own configuration), its
    diagnostics, and the generated module's namespace."""
    copy = workdir / corpus.name
    shutil.copytree(corpus, copy, ignore=shutil.ignore_patterns("__pycache__", "tool_schemas*.py"))
    config = load(copy)
    plan = api.plan(config, cwd=copy, use_cache=False)
    namespace: dict[str, Any] = {}
    text = plan.files[0].text
    assert text is not None
    exec(compile(text, "tool_schemas.py", "exec"), namespace)  # the generated module: data only
    tools = list(namespace["TOOLS"])
    # Where owners share a tool name, ``TOOLS`` holds only the tools of no owner: each owner's
    # constants hold the rest (a name two owners share is compared once, as the framework's is).
    named = {t["name"] for t in tools}
    for prefix in namespace.get("OWNERS", {}).values():
        for tool in namespace[f"{prefix}_TOOLS"]:
            if tool["name"] not in named:
                named.add(tool["name"])
                tools.append(tool)
    return tools, [d.format() for d in plan.diagnostics], namespace


def every_tool(tools: list[dict[str, Any]], namespace: dict[str, Any]) -> list[dict[str, Any]]:
    """``TOOLS`` and every owner's tools: where two owners share a tool name, ``TOOLS`` holds
    only the tools of no owner, and each owner's are in its own ``<PREFIX>_TOOLS``."""
    out = list(tools)
    for prefix in namespace.get("OWNERS", {}).values():
        out.extend(t for t in namespace[f"{prefix}_TOOLS"] if t not in out)
    return out


def keyed_tools(
    tools: list[dict[str, Any]], namespace: dict[str, Any]
) -> dict[tuple[str, str], Any]:
    """toolgen's tools by (owner, name): each owner's (``OWNERS``: ``module:name`` -> prefix)
    from its ``<PREFIX>_TOOLS``, and ``TOOLS``' tools that no owner holds under ``""``."""
    out: dict[tuple[str, str], Any] = {}
    for owner, prefix in sorted(namespace.get("OWNERS", {}).items()):
        for tool in namespace[f"{prefix}_TOOLS"]:
            out[(owner, tool["name"])] = tool
    held = list(out.values())
    for tool in tools:
        if tool not in held:
            out.setdefault(("", tool["name"]), tool)
    return out


def pair(
    theirs: list[dict[str, Any]], ours: dict[tuple[str, str], Any]
) -> tuple[list[tuple[str, Any, Any]], list[str], list[str]]:
    """The framework's tools matched with toolgen's by (owner, name): a reference tool that
    names its owner (``"owner": "module:name"``) is compared with that owner's tool alone; one
    that names none (an adapter that cannot tell) with the tool of no owner of its name, else
    the first owner's, and every owner's tool of that name is then taken as seen. Returns the
    pairs (a label, toolgen's, the framework's), the framework's labels toolgen lacks, and
    toolgen's labels the framework lacks."""
    pairs, missing, seen = [], [], set()
    for tool in theirs:
        owner, name = tool.get("owner", ""), tool["name"]
        key = (owner, name)
        if key not in ours and not owner:
            key = next((k for k in sorted(ours) if k[1] == name), key)
        label = f"{owner}/{name}" if owner else name
        if key not in ours:
            missing.append(label)
            continue
        seen.add(key)
        if not owner:
            seen.update(k for k in ours if k[1] == name)
        pairs.append((label, ours[key], tool))
    extra = [f"{o}/{n}" if o else n for o, n in sorted(ours) if (o, n) not in seen]
    return pairs, sorted(missing), extra


def scopes(namespace: dict[str, Any]) -> list[str]:
    """The constants' prefixes a ``Toolbox`` may be given: ``""`` (the module's own) and every
    owner's (``OWNERS``' values)."""
    return ["", *sorted(namespace.get("OWNERS", {}).values())]


def owner_view(namespace: dict[str, Any], scope: str) -> dict[str, Any]:
    """One owner's constants under the names a ``Toolbox`` reads (``TOOLS_OPENAI`` for
    ``WEB_TOOLS_OPENAI``), as docs/runtime.md tells a user to give them; ``""``: the module's."""
    if not scope:
        return namespace
    return {k[len(scope) + 1 :]: v for k, v in namespace.items() if k.startswith(f"{scope}_")}


KINDS = ("framework", "deliberate", "toolgen")
"""Why a tool may differ: the framework's own defect (its schema does not describe what the
function accepts, or its description garbles the docstring); a deliberate toolgen rule (``Decimal``
is a plain number); or a gap toolgen has not closed yet, listed so it is seen, never hidden."""


def known_differences(corpus: Path) -> dict[str, str]:
    """Tools allowed to differ: name -> "kind: one line of reason" (``kind`` defaults to framework)."""
    path = corpus / "known_differences.toml"
    if not path.is_file():
        return {}
    out = {}
    for name, entry in tomllib.loads(path.read_text()).items():
        kind = entry.get("kind", "framework")
        assert kind in KINDS, f"{path}: {name}: kind must be one of {KINDS}"
        out[name] = f"{kind}: {entry['reason']}"
    return out


# --- what a model sees, compared --------------------------------------------------------


def text(value: Any) -> str | None:
    """Descriptions compared by their words: runs of whitespace are one space. A framework that
    sends the raw ``__doc__`` (indentation and all, on Python < 3.13) or keeps a docstring's line
    wrapping, and toolgen, which joins wrapped lines, say the same thing; where the words or the
    paragraphs' text differ, the comparison sees it."""
    if not isinstance(value, str):
        return None
    cleaned = " ".join(inspect.cleandoc(value).split())
    return cleaned or None


def _resolve(schema: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    seen = 0
    while isinstance(schema.get("$ref"), str) and seen < 20:
        ref = schema["$ref"]
        target: Any = root
        for part in ref.lstrip("#/").split("/"):
            target = target.get(part.replace("~1", "/").replace("~0", "~"), {}) if part else target
        schema = {**target, **{k: v for k, v in schema.items() if k != "$ref"}}
        seen += 1
    return schema


def _is_null(schema: Any) -> bool:
    return isinstance(schema, dict) and (schema.get("type") == "null" or schema == {"const": None})


def nullable(schema: dict[str, Any], root: dict[str, Any]) -> bool:
    schema = _resolve(schema, root)
    branches = schema.get("anyOf") or schema.get("oneOf") or []
    types = schema.get("type")
    return (
        any(_is_null(_resolve(b, root)) for b in branches)
        or (isinstance(types, list) and "null" in types)
        or schema.get("nullable") is True
    )


def node(schema: Any, root: dict[str, Any], depth: int = 0) -> Any:
    """One schema, reduced to what the comparison covers: types (null aside: toolgen describes
    ``Optional[X]`` by X's schema), enum values, descriptions, defaults (``None`` aside), items,
    properties and required (a nullable property aside, for the same reason). Titles, formats,
    constraints and ``additionalProperties: false`` are not compared."""
    if not isinstance(schema, dict) or depth > 12:
        return schema
    schema = _resolve(schema, root)
    out: dict[str, Any] = {}
    branches = [
        b
        for b in (schema.get("anyOf") or schema.get("oneOf") or [])
        if not _is_null(_resolve(b, root))
    ]
    if len(branches) == 1:
        merged = {**_resolve(branches[0], root)}
        for key in ("description", "default"):
            if key in schema:
                merged[key] = schema[key]
        return node(merged, root, depth + 1)
    if branches:
        out["anyOf"] = sorted(
            (node(b, root, depth + 1) for b in branches),
            key=lambda b: json.dumps(b, sort_keys=True),
        )
    types = schema.get("type")
    if isinstance(types, list):
        types = [t for t in types if t != "null"]
        types = types[0] if len(types) == 1 else sorted(types) or None
    if isinstance(types, list) and "anyOf" not in out:  # ["integer", "string"] is anyOf by type
        out["anyOf"] = sorted(
            ({"type": t.lower()} for t in types), key=lambda b: json.dumps(b, sort_keys=True)
        )
        types = None
    if isinstance(types, str):
        types = types.lower()
    if types is not None:
        out["type"] = types
    values = schema.get("enum")
    if "const" in schema:
        values = [schema["const"]]
    if isinstance(values, list):
        out["enum"] = sorted((v for v in values if v is not None), key=repr)
    described = text(schema.get("description"))
    if described is not None:
        out["description"] = described
    if schema.get("default") is not None:
        out["default"] = schema["default"]
    if isinstance(schema.get("items"), dict):
        out["items"] = node(schema["items"], root, depth + 1)
    if isinstance(schema.get("prefixItems"), list):
        out["prefixItems"] = [node(i, root, depth + 1) for i in schema["prefixItems"]]
    if isinstance(schema.get("additionalProperties"), dict):
        out["additionalProperties"] = node(schema["additionalProperties"], root, depth + 1)
    properties = schema.get("properties")
    if isinstance(properties, dict):
        out["properties"] = {k: node(v, root, depth + 1) for k, v in properties.items()}
        required = set(schema.get("required") or ())
        out["required"] = sorted(
            k for k in required if k in properties and not nullable(properties[k], root)
        )
    return out


def model_view(tool: dict[str, Any]) -> dict[str, Any]:
    """A tool as the comparison sees it: name, description, and its parameters reduced."""
    parameters = tool.get("parameters") or {"type": "object", "properties": {}}
    view = node(parameters, parameters)
    view.setdefault("properties", {})
    view.setdefault("required", [])
    view.pop("description", None)  # the tool's description is compared on its own
    return {"name": tool["name"], "description": text(tool.get("description")), "parameters": view}


def differences(ours: dict[str, Any], theirs: dict[str, Any], path: str = "") -> list[str]:
    """Where two reduced views part, one line each."""
    if isinstance(ours, dict) and isinstance(theirs, dict):
        lines = []
        for key in sorted(set(ours) | set(theirs)):
            where = f"{path}/{key}"
            if key not in ours:
                lines.append(
                    f"{where}: toolgen has none, the framework {json.dumps(theirs[key])[:200]}"
                )
            elif key not in theirs:
                lines.append(f"{where}: toolgen {json.dumps(ours[key])[:200]}, the framework none")
            else:
                lines.extend(differences(ours[key], theirs[key], where))
        return lines
    if ours != theirs:
        return [f"{path}: toolgen {json.dumps(ours)[:200]} != framework {json.dumps(theirs)[:200]}"]
    return []
