"""The deal before a round: who deals, who cuts, who plays first, and what goes on the table (docs/rules.md §3, 000).

000: "Il mélange les deux jeux, bat l'ensemble et le donne au joueur placé à sa droite pour que celui-ci le
coupe. Ensuite, il distribue 13 cartes, une par une, à chaque joueur en commençant par celui placé à sa
gauche" and "C'est le joueur situé à gauche du donneur qui entame le jeu." The deal passes to the left,
which is the next seat of the game's players; so the dealer's left is the next player still in, and the
dealer's right the one before.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from referee.rules.kaiser import KaiserGame
from referee.rules.rummy import RummyGame

KAISER_HAND = 8  # from the 32-card pack: A K Q J 10 9 8 7 of each suit, the 3♠ and 5♥ for the 7♠ and 7♥ (§7)


@dataclass(frozen=True)
class Deal:
    """What the dealer needs before a round: packs, jokers and cards each, who deals, cuts and plays first."""

    dealer: str
    cuts: str  # the player to the dealer's right
    starts: str  # the player to the dealer's left
    packs: int
    jokers: int
    cards_each: int
    players: tuple[str, ...]  # the players dealt in, in seat order


def next_deal(game: RummyGame) -> Deal | None:
    """The next round's deal among the players still in (Rami's `auto` packs count them), or None once it is over.

    >>> from referee.rules.rummy_family import rummy_rules
    >>> deal = next_deal(RummyGame.start(rummy_rules("kaluki"), ["Ana", "Ben", "Céline"], first_dealer=1))
    >>> deal.dealer, deal.cuts, deal.starts, deal.packs, deal.jokers, deal.cards_each
    ('Ben', 'Ana', 'Céline', 2, 4, 13)
    """
    dealer = game.dealer()
    if dealer is None:
        return None
    players = game.still_in()  # the dealer is one of them: the deal skips players who are not in
    seat, rules = players.index(dealer), game.rules
    return Deal(
        dealer=dealer,
        cuts=players[(seat - 1) % len(players)],
        starts=players[(seat + 1) % len(players)],
        packs=rules.pack_count(len(players)),
        jokers=rules.joker_count(len(players)),
        cards_each=rules.hand_size,
        players=players,
    )


def next_kaiser_deal(game: KaiserGame) -> Deal | None:
    """The next Kaiser deal: 8 cards each from the 32-card pack; the dealer's left calls first (003).

    >>> from referee.rules.kaiser_events import KaiserTeams
    >>> from referee.rules.families import rules_for
    >>> teams = KaiserTeams.from_json({"Ana & Céline": ["Ana", "Céline"], "Ben & Driss": ["Ben", "Driss"]})
    >>> deal = next_kaiser_deal(KaiserGame.start(rules_for("kaiser"), teams, first_dealer="Driss"))
    >>> deal.dealer, deal.starts, deal.cards_each
    ('Driss', 'Ana', 8)
    """
    dealer = game.dealer()
    if dealer is None:
        return None
    seats = game.teams.seats
    seat = seats.index(dealer)
    return Deal(
        dealer=dealer,
        cuts=seats[(seat - 1) % len(seats)],
        starts=game.teams.left_of(dealer),
        packs=1,
        jokers=0,
        cards_each=KAISER_HAND,
        players=tuple(seats),
    )


def draw_first_dealer(players: Sequence[str]) -> int:
    """The seat of a first dealer drawn at random (000 and 003: "au hasard"), from the system's randomness."""
    if not players:
        raise ValueError("no players to draw a dealer from")
    return secrets.randbelow(len(players))
