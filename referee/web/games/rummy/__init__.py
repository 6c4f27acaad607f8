"""Kaluki and Rami on the phone: the round form, its screen and the sheet's layout."""
