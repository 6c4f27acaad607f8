"""Sharing a result (#44): a game's or the evening's picture for a phone's chat, and a finished game for BG Stats."""
