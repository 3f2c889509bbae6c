"""The shop's tool functions."""
