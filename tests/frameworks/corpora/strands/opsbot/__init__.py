"""opsbot: a Strands agent that operates the platform's cloud accounts."""
