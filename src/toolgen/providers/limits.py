"""Every documented provider limit, as data with its source, and the checks that apply them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from toolgen.errors import Diagnostics
from toolgen.ir import JsonSchema
from toolgen.providers.transforms import Losses, subschemas


@dataclass(frozen=True, slots=True)
class Limit:
    """One number a provider documents (or has been seen enforcing), and where it is said."""

    provider: str
    """As a user names it: ``OpenAI``, ``Gemini API``."""
    what: str
    """What is counted, in words that follow the number: ``tools per request``."""
    value: int
    source: str
    past: str = "a warning"
    """What a build does past the limit (``--strict`` makes a warning an error)."""

    def exceeded(self, found: int) -> str:
        """The words a warning uses: the count, the limit, the provider and the source."""
        return (
            f"{found:,} {self.what} exceed {self.provider}'s limit of {self.value:,} "
            f"(source: {self.source})"
        )


_OPENAI_REF: Final = "OpenAI API reference, chat/completions 'tools'"
_STRUCTURED: Final = "OpenAI Structured Outputs guide, 'Supported schemas'"
_ANTHROPIC_STRICT: Final = "Anthropic strict tool use guide"
_NOT_SENT: Final = "not checked: toolgen sends Anthropic tools non-strict"
_STRICT_OFF: Final = "a warning; the tool goes out with strict off"
_SHORTENED: Final = "the name is shortened, with a hash"

OPENAI_TOOLS = Limit("OpenAI", "tools per request", 128, _OPENAI_REF)
GEMINI_TOOLS = Limit(
    "the Gemini API",
    "function declarations per request",
    512,
    "googleapis java-genai Tool.Builder.functionDeclarations",
)
VERTEX_TOOLS = Limit(
    "Vertex AI",
    "function declarations per request",
    128,
    "googleapis google/cloud/aiplatform/v1/tool.proto",
)
OPENAI_DESCRIPTION = Limit(
    "OpenAI",
    "characters of description",
    1024,
    "string_above_max_length errors, run-llama/llama-hub#905, getsentry/sentry-mcp#106",
)
OPENAI_STRICT_PROPERTIES = Limit(
    "OpenAI strict mode", "object properties", 5000, _STRUCTURED, past=_STRICT_OFF
)
OPENAI_STRICT_DEPTH = Limit(
    "OpenAI strict mode", "nesting levels", 10, _STRUCTURED, past=_STRICT_OFF
)
OPENAI_STRICT_ENUM_VALUES = Limit(
    "OpenAI strict mode", "enum values", 1000, _STRUCTURED, past=_STRICT_OFF
)
OPENAI_STRICT_CHARS = Limit(
    "OpenAI strict mode",
    "characters of property names, definition names, enum and const values",
    120_000,
    _STRUCTURED,
    past=_STRICT_OFF,
)
OPENAI_STRICT_LONG_ENUM = Limit(
    "OpenAI strict mode",
    "characters in one string enum of more than 250 values",
    15_000,
    _STRUCTURED,
    past=_STRICT_OFF,
)
ANTHROPIC_STRICT_TOOLS = Limit(
    "Anthropic strict mode", "strict tools per request", 20, _ANTHROPIC_STRICT, past=_NOT_SENT
)
ANTHROPIC_STRICT_OPTIONALS = Limit(
    "Anthropic strict mode",
    "optional parameters per request",
    24,
    _ANTHROPIC_STRICT,
    past=_NOT_SENT,
)
ANTHROPIC_STRICT_UNIONS = Limit(
    "Anthropic strict mode",
    "union-typed parameters per request",
    16,
    _ANTHROPIC_STRICT,
    past=_NOT_SENT,
)

NAME_LENGTH: Final = {
    "openai": Limit(
        "OpenAI", "characters of name", 64, "openai SDK FunctionDefinition", past=_SHORTENED
    ),
    "anthropic": Limit(
        "Anthropic", "characters of name", 128, "Anthropic API errors, 2025-06", past=_SHORTENED
    ),
    "gemini": Limit(
        "the Gemini API",
        "characters of name",
        64,
        "generativelanguage content.proto",
        past=_SHORTENED,
    ),
    "vertex": Limit(
        "Vertex AI", "characters of name", 64, "aiplatform openapi.proto", past=_SHORTENED
    ),
    "bedrock": Limit(
        "Bedrock", "characters of name", 64, "botocore bedrock-runtime ToolName", past=_SHORTENED
    ),
    "mcp": Limit(
        "MCP", "characters of name", 128, "MCP specification, tool names (SEP-986)", past=_SHORTENED
    ),
}
"""Names longer than these are shortened with a hash (``NameRule``), not refused."""

LIMITS: Final = (
    OPENAI_TOOLS,
    GEMINI_TOOLS,
    VERTEX_TOOLS,
    OPENAI_DESCRIPTION,
    OPENAI_STRICT_PROPERTIES,
    OPENAI_STRICT_DEPTH,
    OPENAI_STRICT_ENUM_VALUES,
    OPENAI_STRICT_CHARS,
    OPENAI_STRICT_LONG_ENUM,
    ANTHROPIC_STRICT_TOOLS,
    ANTHROPIC_STRICT_OPTIONALS,
    ANTHROPIC_STRICT_UNIONS,
    *NAME_LENGTH.values(),
)
"""Every limit, for the documentation's table and its test."""


def per_request(provider: str, gemini_flavour: str) -> Limit | None:
    """How many tools one request to ``provider`` may carry, where that is documented."""
    if provider in ("openai", "openai_responses"):
        return OPENAI_TOOLS
    if provider == "gemini":
        return VERTEX_TOOLS if gemini_flavour == "vertex" else GEMINI_TOOLS
    return None  # Anthropic, Bedrock, MCP: no documented number


REMEDY: Final = (
    "send fewer tools per request: give each agent its own tools (owners, or a target per "
    "agent), or load them on demand (deferred loading / tool search)"
)


def check_request(
    named: str, provider: str, count: int, gemini_flavour: str, diags: Diagnostics
) -> None:
    """A warning when one constant (``named`` in the message) holds more tools than one
    request to its provider accepts."""
    limit = per_request(provider, gemini_flavour)
    if limit is not None and count > limit.value:
        diags.warning(f"{named}: {limit.exceeded(count)}; {REMEDY}", None, "provider-limit")


def check_description(description: str, report: Losses) -> None:
    """OpenAI's description length, a warning: the tool is sent as it is."""
    if len(description) > OPENAI_DESCRIPTION.value:
        report.warn("", OPENAI_DESCRIPTION.exceeded(len(description)))


STRICT_NESTING: Final = frozenset({"properties", "$defs", "anyOf", "items", "additionalProperties"})
"""The keys holding subschemas that strict mode accepts (of ``openai.OPENAI_STRICT_KEYS``): what
the others hold is folded into a description before a tool is sent strict, so is not counted."""


def check_openai_strict(schema: JsonSchema, report: Losses) -> JsonSchema:
    """OpenAI strict step 7: every strict-mode limit; past one, the tool is not strict.

    Depth counts every object and array level, the root being 1 (conservative: OpenAI does
    not say whether arrays count). Only subschemas under :data:`STRICT_NESTING` are counted:
    the same counts on a schema whose other keys are not folded yet as on the folded one."""
    props = enum_values = chars = 0
    deepest = 0
    stack: list[tuple[JsonSchema, int]] = [(schema, 0)]  # the root object makes it 1
    while stack:
        node, level = stack.pop()
        kind = node.get("type")
        if (
            kind == "object"
            or kind == "array"
            or (isinstance(kind, list) and ("object" in kind or "array" in kind))
        ):  # ["array", "null"]: an array too
            level += 1
        deepest = max(deepest, level)
        values = node.get("enum")
        if values:
            enum_values += len(values)
            strings = [v for v in values if isinstance(v, str)]
            length = sum(map(len, strings))
            chars += length
            if len(strings) > 250 and length > OPENAI_STRICT_LONG_ENUM.value:
                report.downgrade("", OPENAI_STRICT_LONG_ENUM.exceeded(length))
        const = node.get("const")
        if isinstance(const, str):
            chars += len(const)
        if STRICT_NESTING.isdisjoint(node):  # a leaf, as most nodes are
            continue
        properties = node.get("properties")
        if properties:
            props += len(properties)
            chars += sum(map(len, properties))
        defs = node.get("$defs")
        if defs:
            chars += sum(map(len, defs))
        stack.extend((child, level) for child in subschemas(node, STRICT_NESTING))
    for found, limit in (
        (props, OPENAI_STRICT_PROPERTIES),
        (deepest, OPENAI_STRICT_DEPTH),
        (enum_values, OPENAI_STRICT_ENUM_VALUES),
        (chars, OPENAI_STRICT_CHARS),
    ):
        if found > limit.value:
            report.downgrade("", limit.exceeded(found))
    return schema
