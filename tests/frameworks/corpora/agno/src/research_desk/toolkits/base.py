"""A base toolkit for HTTP services: its own tools, and a constructor subclasses extend."""

from typing import Any, Callable, List

from agno.tools import Toolkit

from research_desk.constants import HTTP_TOOLKIT


class HttpToolkit(Toolkit):
    """Tools every HTTP-backed toolkit has."""

    def __init__(self, name: str = HTTP_TOOLKIT, enable_fetch: bool = True, **kwargs: Any):
        tools: List[Callable] = [self.ping]
        if enable_fetch:
            tools.append(self.fetch_url)
        super().__init__(name=name, tools=tools, **kwargs)

    def ping(self, host: str) -> str:
        """Check that a host answers.

        Args:
            host (str): The host name, without a scheme.
        """
        return host

    def fetch_url(self, url: str, timeout: float = 10.0) -> str:
        """Fetch a page and return its text.

        Args:
            url: The address to fetch.
            timeout: Seconds to wait before giving up.
        """
        return url


class StatusTools(HttpToolkit):
    """Status pages: the base's tools, and one more registered by name."""

    def __init__(self, **kwargs: Any):
        super().__init__(name="status", enable_fetch=False, **kwargs)
        self.register(self.service_status)
        self.register(self.fetch_url, name="fetch_status_page")

    def service_status(self, service: str, verbose: bool = False) -> str:
        """The current status of a service.

        Args:
            service: The service's name.
            verbose: Include the components' states.
        """
        return service
