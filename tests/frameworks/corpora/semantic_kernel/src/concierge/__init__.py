"""The Acme travel concierge's Semantic Kernel plugins."""
