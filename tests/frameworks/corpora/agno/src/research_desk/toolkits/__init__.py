"""The desk's toolkits."""
