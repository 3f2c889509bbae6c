"""The toolgen version, kept apart so that `import toolgen` reads no metadata."""

__version__ = "0.1.0"
