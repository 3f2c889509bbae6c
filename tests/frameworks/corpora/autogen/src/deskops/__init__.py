"""A help desk team of AutoGen agents."""
