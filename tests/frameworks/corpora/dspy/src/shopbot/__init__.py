"""A web shop's assistant: DSPy tools and the ReAct agents that use them."""
