"""What every run of the support agent carries: the customer and the shop's services."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class SupportContext:
    """Per-run dependencies, handed to tools through ``RunContextWrapper``.

    The model never sees any of this: the SDK passes it to the tools that ask for it.
    """

    customer_id: str
    locale: str = "en-GB"
    agent_handle: str = "desk-bot"
    feature_flags: set[str] = field(default_factory=set)

    def can(self, flag: str) -> bool:
        return flag in self.feature_flags
