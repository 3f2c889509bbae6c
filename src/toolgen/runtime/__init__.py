"""The call that comes back: a model's tool call dispatched, decoded, validated and answered
from the generated module's constants (standard library only; pydantic used when installed)."""

from toolgen.runtime.errors import ArgumentError
from toolgen.runtime.toolbox import PROVIDERS, Toolbox, ToolInfo

__all__ = ["PROVIDERS", "ArgumentError", "ToolInfo", "Toolbox"]
