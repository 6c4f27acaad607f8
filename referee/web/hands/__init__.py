"""Each player's own link: their hand sent from their own phone, and the scorer's list of the players' links."""
