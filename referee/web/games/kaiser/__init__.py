"""Kaiser on the phone: the hand form, its screen and the sheet's layout."""
