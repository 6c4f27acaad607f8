"""Storage: SQLite through sqlite-utils; games are kept as their options and events, never as standings."""
