"""The pictures' view models (#44): what the picture of a game, or of the evening, says, in the reader's language.

A game's: the evening, its date, the game and how long it went, its standings best first (the family's order) and its
result. The evening's: its date and games, each game's result, every player's chips and money over the finished games,
and who pays whom (a payment already marked, said as made).
"""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import ngettext

from referee.rules.families import game_said
from referee.rules.words import signed
from referee.services.evenings import Evening
from referee.services.games import Book
from referee.services.payments import SettleUp
from referee.web.games.families import layout_of
from referee.web.games.sheets import summarise
from referee.web.games.standings import places_of
from referee.web.local import day, money
from referee.web.picture import Picture, Row, Section


def _game_named(book: Book) -> str:
    """ "Game 2 · Kaluki · 12 rounds"."""
    played = summarise(book).played
    return f"{_('Game %(number)s', number=book.game.number)} · {game_said(book.rules)} · {played}"


def _result(book: Book) -> str:
    """The game's result in a sentence, or that it is still being played."""
    verdict = layout_of(book.family).verdict(book.state) if book.state.over else ""
    return verdict or str(_("still being played"))


def game_picture(evening: Evening, book: Book) -> Picture:
    """The picture of a game: its standings, best first, and its result."""
    over = book.state.over
    rows = tuple(Row(place.name, (place.shown_total,), str(place.rank), place.winner) for place in places_of(book))
    standings = Section(
        str(_("Final standings") if over else _("The totals")), (str(_("Total")),), rows, (_result(book),)
    )
    subtitle = f"{day(evening.created_at)} · {_game_named(book)}"
    return Picture(evening.title or str(_("Card night")), subtitle, (standings,))


def evening_picture(evening: Evening, settled: SettleUp) -> Picture:
    """The picture of the evening: its games and their results, every player's chips and money, who pays whom."""
    count = len(settled.books)
    subtitle = f"{day(evening.created_at)} · {ngettext('%(num)s game', '%(num)s games', count)}"
    results = tuple(f"{_game_named(book)} — {_result(book)}" for book in settled.books)
    games = Section(str(_("The games")), lines=results)
    ordered = sorted(settled.result.items(), key=lambda item: -item[1])
    balances = Section(
        str(_("Settle up")),
        (str(_("Chips")), str(_("Money"))),
        tuple(Row(name, (signed(chips), money(chips))) for name, chips in ordered),
    )
    paid = [  # said in the past: the picture's font has no tick (✓)
        str(_("%(payer)s paid %(payee)s %(amount)s", payer=p.payer, payee=p.payee, amount=money(p.chips, signed=False)))
        for p in settled.made
    ]
    plan = [
        str(_("%(payer)s pays %(payee)s %(amount)s", payer=p.payer, payee=p.payee, amount=money(p.chips, signed=False)))
        for p in settled.payments
    ]
    payments = Section(str(_("Payments")), lines=tuple(paid + plan) or (str(_("Nobody owes anything.")),))
    return Picture(evening.title or str(_("Card night")), subtitle, (games, balances, payments))
