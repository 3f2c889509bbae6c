"""The tool specs."""
