# -*- coding: latin-1 -*-
from toolgen import tool

@tool
def greet(name: str) -> None:
    """Say bonjour à quelqu'un, in latin-1."""
