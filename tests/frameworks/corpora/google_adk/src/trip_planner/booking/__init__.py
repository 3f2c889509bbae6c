"""The booking sub-agent: it pays, so the root agent hands over only when the user decides."""
