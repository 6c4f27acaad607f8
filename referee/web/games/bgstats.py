"""A finished game handed to BG Stats (#44), the app where many players keep their history of plays.

BG Stats takes a play pushed by another app through a link, as its documentation describes ("Push plays to BG Stats
from other apps or websites", https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/):
`https://app.bgstatsapp.com/createPlay.html?data=<data>`, where `<data>` is a URL-encoded JSON object:

    {"sourceName": …, "sourcePlayId": …, "playDate": "2020-10-23 19:16:58", "durationMin": 36, "board": "",
     "comments": …, "game": {"name": …, "highestWins": true, "noPoints": false, "sourceGameId": …, "bggId": …},
     "players": [{"name": …, "score": 47.3, "rank": 1, "winner": true, "startPlayer": true, "role": "",
                  "sourcePlayerId": …}, …]}

BG Stats opens its import dialog, matches the game and the players to its own (by the game's BGG id if any, then by
the names, and remembers each match by the ids sent), and saves the play. This module builds that object from the
game's record as the server keeps it: its rules, seats and entries (the standings are their replay), when it started
and when its last entry was written. What it leaves out: `bggId` (Kaluki, Rami and Kaiser are matched by name),
`location` (BG Stats sets the app that sent the play) and `startPlayer`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from urllib.parse import quote

from flask_babel import gettext as _

from referee.rules.families import family_of
from referee.rules.option_words import PRESET_NAMES, preset_said
from referee.services.games import Book, game_record
from referee.web.games.standings import highest_wins, places_of

CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html"
SOURCE = "referee"  # the app that sent the play, as BG Stats shows it on the import dialog


def _local(stored: str) -> datetime:
    """A stored UTC time in the server's time zone: the machine at the table, where the game was played."""
    return datetime.fromisoformat(stored).astimezone()


def play_of(book: Book, title: str, written: str | None) -> dict[str, object]:
    """The play BG Stats takes, from the game's record (`book`), the evening's `title` and when the game's last entry
    was `written`: its date and length, the game, each player's score, rank and whether they won."""
    record = game_record(book)
    rules = record.rules
    started = _local(book.game.created_at)
    ended = _local(written) if written else started
    places = places_of(book)
    side = {player: place for place in places for player in place.players}
    players = []
    for name in record.players:
        place = side.get(name)
        if place is None:
            continue
        team = place.name if place.players != (name,) else ""  # a Kaiser player's team: their role in the play
        players.append(
            {
                "name": name,
                "score": place.total,
                "rank": place.rank,
                "winner": place.winner,
                "role": team,
                "sourcePlayerId": name,  # a name is one player within an evening, and the group's evenings
            }
        )
    named = family_of(rules).named
    own_name = named(rules) if named else ""  # a game the table named itself ("Belote")
    game: Mapping[str, object] = {
        "name": own_name or str(PRESET_NAMES.get(rules.game, rules.game)),  # as the table or BGG names it
        "highestWins": highest_wins(book),
        "noPoints": False,
        "sourceGameId": rules.preset,
    }
    return {
        "sourceName": SOURCE,
        "sourcePlayId": f"{book.game.created_at}#{book.game.id}",
        "playDate": started.strftime("%Y-%m-%d %H:%M:%S"),
        "durationMin": max(0, round((ended - started).total_seconds() / 60)),
        "board": "" if rules.preset == rules.game else preset_said(rules.preset),  # the variant played
        "comments": f"{title} · {_('Game %(number)s', number=book.game.number)}",
        "game": dict(game),
        "players": players,
    }


def bgstats_link(play: Mapping[str, object]) -> str:
    """The link that hands `play` to BG Stats: its JSON, URL-encoded, as the `data` of `createPlay.html`."""
    return f"{CREATE_PLAY}?data={quote(json.dumps(play, ensure_ascii=False, separators=(',', ':')), safe='')}"
