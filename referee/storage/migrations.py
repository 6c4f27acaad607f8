"""The database's schema, one migration at a time (append-only: never edit one that has shipped)."""

from __future__ import annotations

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

migrations = Migrations("referee")


@migrations()
def m001_evenings_games_events(db: Database) -> None:
    """Evenings with their two links, people, games, and every revision of every event."""
    db.table("people").create({"id": int, "name": str, "created_at": str}, pk="id")
    db.table("people").create_index(["name"], unique=True)
    db.table("evenings").create(
        {
            "id": int,
            "scorer_key": str,
            "viewer_key": str,
            "title": str,
            "players": str,  # JSON list of names, in seat order
            "preset": str,
            "options": str,  # JSON object: the house's overrides
            "chip_value": str,  # a decimal string, never a float
            "currency": str,
            "created_at": str,
        },
        pk="id",
        not_null={"scorer_key", "viewer_key", "players", "preset", "options", "chip_value", "currency"},
    )
    db.table("evenings").create_index(["scorer_key"], unique=True)
    db.table("evenings").create_index(["viewer_key"], unique=True)
    db.table("games").create(
        {
            "id": int,
            "evening_id": int,
            "number": int,
            "preset": str,
            "options": str,
            "players": str,
            "first_dealer": int,
            "created_at": str,
        },
        pk="id",
        foreign_keys=[("evening_id", "evenings", "id")],
        not_null={"evening_id", "number", "preset", "options", "players", "first_dealer"},
    )
    db.table("games").create_index(["evening_id", "number"], unique=True)
    db.table("event_revisions").create(
        {
            "id": int,
            "game_id": int,
            "slot": int,  # the event's place in the game, for good
            "revision": int,  # 0 when recorded; each correction adds one
            "event": str,  # JSON of the game record's event; NULL when the event was deleted
            "submission": str,  # the form's one-time key: a form sent twice is recorded once
            "created_at": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "slot", "revision", "created_at"},
    )
    db.table("event_revisions").create_index(["game_id", "slot", "revision"], unique=True)
    db.table("event_revisions").create_index(["submission"], unique=True)


@migrations()
def m002_rulings(db: Database) -> None:
    """The disputes log: every ruling asked at an evening, with the question and the answer."""
    db.table("rulings").create(
        {
            "id": int,
            "evening_id": int,
            "kind": str,  # "meld", "opening", "joker" or "best"
            "rules": str,  # the preset, and the house rules when they differ
            "question": str,  # the cards as asked
            "answer": str,  # the ruling in one line, in the language it was given
            "created_at": str,
        },
        pk="id",
        foreign_keys=[("evening_id", "evenings", "id")],
        not_null={"evening_id", "kind", "rules", "question", "answer", "created_at"},
    )
    db.table("rulings").create_index(["evening_id", "id"])


@migrations()
def m003_payments(db: Database) -> None:
    """Payments of the settle-up marked as made (a negative amount takes one back: nothing is erased)."""
    db.table("payments").create(
        {
            "id": int,
            "evening_id": int,
            "payer": str,
            "payee": str,
            "chips": int,
            "submission": str,
            "created_at": str,
        },
        pk="id",
        foreign_keys=[("evening_id", "evenings", "id")],
        not_null={"evening_id", "payer", "payee", "chips", "created_at"},
    )
    db.table("payments").create_index(["evening_id"])
    db.table("payments").create_index(["submission"], unique=True)


@migrations()
def m004_kaiser_teams(db: Database) -> None:
    """Kaiser games keep their two teams (JSON, in the record's form); `players` holds their seats clockwise."""
    db.table("games").add_column("teams", str)


@migrations()
def m005_game_versions(db: Database) -> None:
    """Each game keeps its version (the id of its latest event revision), so a write confirms it in one lookup."""
    db.table("games").add_column("version", int, not_null_default=0)
    db.execute("UPDATE games SET version = COALESCE((SELECT MAX(id) FROM event_revisions WHERE game_id = games.id), 0)")


@migrations()
def m006_kept_once(db: Database) -> None:
    """Forms answered "already on the sheet" write no event, but their one-time key is kept: a resend is answered
    the same way, even after the entry it matched is undone."""
    db.table("kept_once").create(
        {"submission": str, "game_id": int, "slot": int, "created_at": str},
        pk="submission",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "slot", "created_at"},
    )


@migrations()
def m007_stock_reshuffled(db: Database) -> None:
    """A game remembers the round in play (its slot to come) when the scorer said the stock was reshuffled: a
    second reshuffle in the same round makes it void (000)."""
    db.table("games").add_column("reshuffled_before", int)


@migrations()
def m008_rematches(db: Database) -> None:
    """A rematch remembers the game it is the rematch of: asked twice (two phones, a double tap), it is made once."""
    db.table("games").add_column("rematch_of", int)
    db.execute("CREATE UNIQUE INDEX games_rematch_of ON games (rematch_of) WHERE rematch_of IS NOT NULL")


@migrations()
def m009_groups(db: Database) -> None:
    """Groups (the Friday regulars), each with its scorer and viewer links; every evening belongs to one.

    Each evening stored before groups gets a group of its own. An evening stored without a group (from /new, or
    by an import) gets a new group of its own from a trigger, so that no evening is ever left without one.
    """
    db.table("groups").create(
        {"id": int, "scorer_key": str, "viewer_key": str, "title": str, "created_at": str},
        pk="id",
        not_null={"scorer_key", "viewer_key", "created_at"},
    )
    db.table("groups").create_index(["scorer_key"], unique=True)
    db.table("groups").create_index(["viewer_key"], unique=True)
    db.execute("ALTER TABLE evenings ADD COLUMN group_id INTEGER REFERENCES groups(id)")
    db.execute("CREATE INDEX evenings_group_id ON evenings (group_id, id)")
    evenings = db.execute("SELECT id, title, created_at FROM evenings ORDER BY id").fetchall()
    for evening_id, title, created_at in evenings:  # a group's keys: 144 random bits each, as hex
        db.execute(
            "INSERT INTO groups (scorer_key, viewer_key, title, created_at) "
            "VALUES (lower(hex(randomblob(18))), lower(hex(randomblob(18))), ?, ?)",
            [title, created_at],
        )
        db.execute("UPDATE evenings SET group_id = last_insert_rowid() WHERE id = ?", [evening_id])
    db.execute(
        "CREATE TRIGGER evenings_own_group AFTER INSERT ON evenings WHEN NEW.group_id IS NULL BEGIN "
        "INSERT INTO groups (scorer_key, viewer_key, title, created_at) "
        "VALUES (lower(hex(randomblob(18))), lower(hex(randomblob(18))), NEW.title, NEW.created_at); "
        "UPDATE evenings SET group_id = last_insert_rowid() WHERE id = NEW.id; END"
    )


@migrations()
def m010_evening_ids(db: Database) -> None:
    """Each evening gets its own id (32 random hex digits), kept in its exports: an evening imported twice is
    recognised. Every import form's one-time key is kept with the evening it made: a resend makes nothing more."""
    db.execute("ALTER TABLE evenings ADD COLUMN uid TEXT")
    db.execute("UPDATE evenings SET uid = lower(hex(randomblob(16)))")
    db.execute("CREATE UNIQUE INDEX evenings_uid ON evenings (uid)")
    db.execute(
        "CREATE TRIGGER evenings_own_uid AFTER INSERT ON evenings WHEN NEW.uid IS NULL BEGIN "
        "UPDATE evenings SET uid = lower(hex(randomblob(16))) WHERE id = NEW.id; END"
    )
    db.table("imports").create(
        {"submission": str, "evening_id": int, "created_at": str},
        pk="submission",
        foreign_keys=[("evening_id", "evenings", "id")],
        not_null={"evening_id", "created_at"},
    )


@migrations()
def m011_group_ids(db: Database) -> None:
    """Each group gets its own id (32 random hex digits), kept in its exports: a group imported twice is recognised.
    Every group import form's one-time key is kept with the group it made: a resend makes nothing more."""
    db.execute("ALTER TABLE groups ADD COLUMN uid TEXT")
    db.execute("UPDATE groups SET uid = lower(hex(randomblob(16)))")
    db.execute("CREATE UNIQUE INDEX groups_uid ON groups (uid)")
    db.execute(
        "CREATE TRIGGER groups_own_uid AFTER INSERT ON groups WHEN NEW.uid IS NULL BEGIN "
        "UPDATE groups SET uid = lower(hex(randomblob(16))) WHERE id = NEW.id; END"
    )
    db.table("group_imports").create(
        {"submission": str, "group_id": int, "created_at": str},
        pk="submission",
        foreign_keys=[("group_id", "groups", "id")],
        not_null={"group_id", "created_at"},
    )


@migrations()
def m012_reshuffles_in_the_log(db: Database) -> None:
    """The stock reshuffled is an entry of the game's own log now: a mark still standing (no entry added since) becomes
    a `reshuffle` entry at the slot it was waiting for, and the game's version moves with it."""
    marked = db.execute(
        "SELECT id, reshuffled_before FROM games WHERE reshuffled_before IS NOT NULL AND reshuffled_before = "
        "(SELECT COALESCE(MAX(slot), 0) + 1 FROM event_revisions WHERE game_id = games.id)"
    ).fetchall()
    for game_id, slot in marked:
        inserted = db.execute(
            "INSERT INTO event_revisions (game_id, slot, revision, event, submission, created_at) "
            "VALUES (?, ?, 0, '{\"type\": \"reshuffle\"}', NULL, datetime('now'))",
            [game_id, slot],
        )
        db.execute("UPDATE games SET version = ? WHERE id = ?", [inserted.lastrowid, game_id])
    db.execute("UPDATE games SET reshuffled_before = NULL")


@migrations()
def m013_made_once(db: Database) -> None:
    """Each form that makes an evening or a game carries a one-time key, kept with what it made: a double tap or a
    resend opens the one made, never a second."""
    db.table("made_once").create(
        {"submission": str, "kind": str, "made": int, "created_at": str},
        pk="submission",
        not_null={"kind", "made", "created_at"},
    )


@migrations()
def m014_snapshots(db: Database) -> None:
    """Each game may keep a snapshot of its replay at one version (the app's own pickle, in the format `format` names),
    so that opening it is a read and not a replay. A snapshot is never the truth: the entries are. It goes with its
    game (a trigger: an evening replaced by an import deletes its games)."""
    db.execute(
        "CREATE TABLE snapshots (game_id INTEGER PRIMARY KEY, version INTEGER NOT NULL, format TEXT NOT NULL, "
        "state BLOB NOT NULL)"
    )
    db.execute(
        "CREATE TRIGGER games_snapshot_gone AFTER DELETE ON games "
        "BEGIN DELETE FROM snapshots WHERE game_id = OLD.id; END"
    )


@migrations()
def m015_seating(db: Database) -> None:
    """Each game keeps its seats as its record writes them (`seating`: its family's keys, `players` or Kaiser's
    `teams`), so that storage never asks which family a game is. The `teams` column stays, no longer written."""
    db.table("games").add_column("seating", str)
    db.execute(
        "UPDATE games SET seating = CASE WHEN teams IS NOT NULL THEN json_object('teams', json(teams)) "
        "ELSE json_object('players', json(players)) END"
    )


@migrations()
def m016_own_hands(db: Database) -> None:
    """Each player's own link to an evening (`hand_links`: it follows the sheet and sends that player's hand), and the
    hands players sent for a game's next round (`sent_hands`, the latest per player and round): the scorer's form
    fills itself from them; nothing is a round until the scorer saves it. Both go with their evening or game."""
    db.execute(
        "CREATE TABLE hand_links (key TEXT PRIMARY KEY, evening_id INTEGER NOT NULL, player TEXT NOT NULL, "
        "created_at TEXT NOT NULL, UNIQUE (evening_id, player))"
    )
    db.execute(
        "CREATE TABLE sent_hands (game_id INTEGER NOT NULL, number INTEGER NOT NULL, player TEXT NOT NULL, "
        "hand TEXT NOT NULL, sent_at TEXT NOT NULL, PRIMARY KEY (game_id, number, player))"
    )
    db.execute(
        "CREATE TRIGGER evenings_hand_links_gone AFTER DELETE ON evenings "
        "BEGIN DELETE FROM hand_links WHERE evening_id = OLD.id; END"
    )
    db.execute(
        "CREATE TRIGGER games_sent_hands_gone AFTER DELETE ON games "
        "BEGIN DELETE FROM sent_hands WHERE game_id = OLD.id; END"
    )


@migrations()
def m017_hands_received_in_order(db: Database) -> None:
    """Each hand sent keeps the order the server received it in (`received`, one more than any before, at each send
    and each send again), so that the latest of two hands sent in the same second is known: `sent_at` counts
    seconds."""
    db.execute("ALTER TABLE sent_hands ADD COLUMN received INTEGER NOT NULL DEFAULT 0")
    db.execute("UPDATE sent_hands SET received = rowid")


@migrations()
def m018_rulings_said(db: Database) -> None:
    """Each ruling also keeps what it was said from (`said`: JSON, its question's and answer's messages and values),
    so that the disputes log reads in the language of whoever opens it; `question` and `answer` keep the text as it
    was given, which the evening's record writes. A ruling saved before, or imported from a record, has none."""
    db.execute("ALTER TABLE rulings ADD COLUMN said TEXT")


@migrations()
def m019_table_displays(db: Database) -> None:
    """Each evening's link for the screen facing the table (`display_key`, #44): read-only, like the viewer's. An
    evening made before it has none (NULL) until its scorer first asks for it."""
    db.execute("ALTER TABLE evenings ADD COLUMN display_key TEXT")
    db.execute("CREATE UNIQUE INDEX idx_evenings_display_key ON evenings (display_key)")
