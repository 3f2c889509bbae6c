"""The help desk's tool functions; ``deskops.registry`` wraps them as FunctionTools."""
