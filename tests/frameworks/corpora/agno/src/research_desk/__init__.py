"""A research desk's agno tools."""
