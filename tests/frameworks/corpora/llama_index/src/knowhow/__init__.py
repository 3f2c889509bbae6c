"""A research assistant's tools, written as llama-index tool specs and function tools."""
