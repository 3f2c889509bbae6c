"""What every concierge plugin can do."""

from typing import Annotated

from semantic_kernel.functions import kernel_function


class ConciergePlugin:
    """A plugin of the concierge: every one answers a ping and describes itself."""

    version = "1.0"

    @kernel_function
    def ping(self) -> str:
        """Check that the plugin answers."""
        return "pong"

    @kernel_function(name="describe", description="Say what this plugin can do.")
    def describe_plugin(
        self, detail: Annotated[str, "How much detail: 'short' or 'long'."] = "short"
    ) -> str:
        return type(self).__doc__ or ""

    def _client(self) -> object:  # not a kernel function
        return object()
