"""A transport that answers like the provider's API, so each example runs with no network."""

from __future__ import annotations

import json
from typing import Any, Callable

import httpx2 as httpx  # the HTTP client the openai and anthropic SDKs are built on


class Recorder:
    """An httpx transport that records the request the SDK built and returns ``reply``."""

    def __init__(self, reply: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
        self.reply = reply
        self.requests: list[dict[str, Any]] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        self.requests.append({"url": str(request.url), "body": body})
        return httpx.Response(200, json=self.reply(body))

    def client(self) -> httpx.Client:
        return httpx.Client(transport=httpx.MockTransport(self))
