"""The plugin classes."""
