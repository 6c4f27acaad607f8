"""The referee: the games' rules as pure Python (standard library only)."""
