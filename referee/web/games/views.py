"""A game's page, for every family: the score sheet, the next entry, buy-backs, passed deals, corrections, undo.

Each view opens the game's book once (`referee.services.games`), so a request replays the game at most once, and
a write adds its entry onto the replay of the version it was made on. After a write an htmx request gets
the fresh entry form and, out of band, only what changed on the sheet: the new line, the totals, the status.
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, g, make_response, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from referee.rules.events import EntryError
from referee.rules.families import family_of
from referee.rules.game import AnyEvent
from referee.services import games as service
from referee.services.games import Book, Busy, Clash, Done, Outcome, StaleEdit, correct
from referee.services.own_hands import hands_sent
from referee.web import polls
from referee.web.database import get_db
from referee.web.forms import NOT_THIS_PAGE, DeleteForm, KeyedForm, SheetForm, revision_of
from referee.web.games.charts import chart_for_book
from referee.web.games.corrections import corrected_words, describe_change, entry_named
from referee.web.games.families import screen_of, web_family_of
from referee.web.games.live import live_sheet
from referee.web.games.own_hands import Filled, filled_in
from referee.web.games.screens import Entered
from referee.web.games.sheets import build_sheet, line_instead, line_of
from referee.web.htmx import render, wants_fragment
from referee.web.later import after_answer
from referee.web.links import open_evening

bp = Blueprint("games", __name__, url_prefix="/e/<key>/games/<int:number>")

ALREADY_THERE = _l(
    "That entry was already on the sheet, recorded from another phone: it is kept once. "
    "If yours was another one, enter it again."
)
EXPIRED = _l("The form expired: try again.")
# After a write the phone shows the top of the entry: what the entry did, and any buy-back to decide.
SHOW_OUTCOME = "outerHTML show:#entry:top"
NOT_OVER = _l("This game is not over yet: its rematch waits for its end.")
DELETED = _l("This entry was deleted from another phone meanwhile: nothing was saved.")


def game_behind_link(key: str, number: int, *, writing: bool = False) -> Book:
    """Game `number` of the evening behind the link `key`, as it stands: 404 for none, 403 for a write through the
    viewer's link."""
    found = service.open_game(get_db(), key, number)
    if found is None:
        open_evening(key)  # an evening without that game: its 404 page leads back to the evening
        abort(404)
    if writing and not found.scorer:
        abort(403)
    g.evening, g.scorer, g.key = found.evening, found.scorer, key
    g.player_link = not found.scorer and not found.evening.reads_only(key)  # a player's own link (#35)
    return found.book


def context_of(
    book: Book, form: SheetForm | None = None, *, everything: bool = False, log: bool = True, lines: bool = True
) -> dict[str, object]:
    """What the game's templates need: the sheet (without its lines, for an answer that adds one), the family's screen
    and form, the undo and offer forms."""
    screen = screen_of(book.family)
    sheet = build_sheet(book, everything=everything, lines=lines)
    fresh = form is None
    if form is None:
        form = screen.entry_form(book)
    screen.resent(book, form)  # a refused entry is sent again on the sheet shown now
    context = {
        "game": book.game,
        "rules": book.rules,
        "sheet": sheet,
        "form": form,
        "screen": web_family_of(book.family).templates,
        "version": book.version,
        **screen.context(book),
    }
    if log:
        context["log"] = [describe_change(book, change) for change in service.changes(get_db(), book)]
    own = web_family_of(book.family).own
    if own is not None and g.get("scorer") and not book.state.over:  # the players' own hands (#35)
        # A page drawn shows the hands sent; a write's answer (a round just saved: its next one has none yet) asks
        # nothing more of the database, and its form looks for them as the page's does (static/js/sent.js).
        drawn = request.method == "GET"
        filled = own.filled(book, hands_sent(get_db(), book, own.number(book))) if drawn else Filled()
        if fresh and drawn:
            filled_in(form, filled)
        context["sent"] = filled
    return context


def _page(book: Book, status: int = 200, form: SheetForm | None = None, **extra: object) -> ResponseReturnValue:
    """The game page, or its `_game.html` fragment for htmx."""
    everything = request.args.get("all") == "1"
    return render(
        "games/show.html", "games/_game.html", status, **context_of(book, form, everything=everything), **extra
    )


@bp.get("")
def show(key: str, number: int) -> ResponseReturnValue:
    """The score sheet, with the next entry for the scorer; `?all=1` shows every line of a long game."""
    return _page(game_behind_link(key, number))


@bp.get("/live")
def live(key: str, number: int) -> ResponseReturnValue:
    """The sheet other phones poll: 304 while the game is still at version `v`, else the fresh sheet."""
    behind = service.link_behind(get_db(), key, number)
    if behind is None:
        abort(404)
    if request.args.get("v") == str(behind.version):
        response = make_response("", 304)
    else:
        response = make_response(live_sheet(key, behind))
        request.environ[polls.DRAWN] = (behind.game.id, behind.version)  # the other phones' answer (polls.py)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/chart")
def chart(key: str, number: int) -> ResponseReturnValue:
    """The running totals as a chart: the fragment the game page fetches when it is opened, or a page of its own."""
    book = game_behind_link(key, number)
    drawn = chart_for_book(book)
    return render("games/chart.html", "components/chart.html", game=book.game, chart=drawn)


def _written(book: Book, outcome: Outcome, seen: int | None, *, removed: int | None = None) -> ResponseReturnValue:
    """After a write: for htmx the fresh entry and, out of band, what changed on the sheet; else the page (303).

    A phone whose sheet was behind (another phone wrote since, or had written this very entry) gets the
    whole live sheet instead of the one new line.
    """
    if outcome.done is Done.ALREADY_THERE:
        flash(str(ALREADY_THERE))
    if not wants_fragment():
        return redirect(url_for("games.show", key=g.key, number=book.game.number, _anchor="entry"), 303)
    new = outcome.book
    behind = outcome.done is not Done.WRITTEN or (seen is not None and seen != book.version)
    added = line_of(new, outcome.slot) if not behind and removed is None else None
    context = context_of(new, log=removed is not None, lines=behind)  # the whole sheet only for a phone behind
    response = render(
        "games/_written.html",
        "games/_written.html",
        added=added,
        removed=removed,
        whole=behind,
        result=True,  # the phone brings what the entry did into view, and focuses it
        picker_kept=True,  # the round form's card picker is the one the phone shows: not sent again
        **context,
    )
    response.headers["HX-Reswap"] = SHOW_OUTCOME
    return response


def refused(book: Book, form: SheetForm, reason: str | None = None, *, show: bool = False) -> ResponseReturnValue:
    """A refused entry: the form with the reason (422), and the sheet as it stands now.

    With `show`, the phone is taken to the top of the entry, where the reason and the choice it asks for are.
    """
    if reason:
        form.form_errors.append(reason)
    fresh = service.open_book(get_db(), book.game)
    if not wants_fragment():
        return _page(fresh, 422, form)
    response = render("games/_refused.html", "games/_refused.html", 422, **context_of(fresh, form, log=False))
    if show:
        response.headers["HX-Reswap"] = SHOW_OUTCOME
    return response


def _write(book: Book, form: SheetForm, event: AnyEvent, shown: SheetForm | None = None) -> ResponseReturnValue:
    """Add `event` as `form` sent it (its one-time key, the sheet it was filled on), or say why not.

    A refusal is shown on `shown`, the entry form, when the entry came from another button.
    """
    try:
        outcome = service.add_entry(
            get_db(), book, event, submission=form.submission.data, seen=form.seen_version(), later=after_answer
        )
    except Clash as clash:
        return _clashed(clash, shown or form, event)
    except (EntryError, Busy) as error:
        reason = error.reason if isinstance(error, EntryError) else str(error)
        return refused(book, shown or form, reason)
    return _written(book, outcome, form.seen_version())


# What a phone's entry carries besides its values: none of it goes into the "replace it with mine" form.
NOT_VALUES = {"csrf_token", "submission", "seen", "based_on"}


def _clashed(clash: Clash, form: SheetForm, event: AnyEvent) -> ResponseReturnValue:
    """Another phone recorded a different round meanwhile: both side by side, and the scorer chooses (409).

    Keeping the recorded one is going back to the sheet; replacing it with this phone's entry is a
    correction of the recorded one, in the change log. Nothing was written.
    """
    book = clash.book
    recorded = line_of(book, clash.slot)
    mine = line_instead(book, clash.slot, event)
    entry = book.entry(clash.slot)
    # Only a round in place of a round (a hand of a hand) can replace it: a void round is not corrected.
    replaceable = recorded is not None and recorded.correctable and event.kind == recorded.kind
    choice = {
        "recorded": recorded,
        "mine": mine,
        "replaceable": replaceable and not isinstance(mine, str),
        "slot": clash.slot,
        "revision": entry.revision if entry else -1,
        "values": [(name, value) for name, value in request.form.items(multi=True) if name not in NOT_VALUES],
        "replacing": KeyedForm(formdata=None),  # the "replace it with mine" form's one-time key
    }
    template = "games/show.html" if not wants_fragment() else "games/_entry.html"
    return render(template, "games/_entry.html", 409, **context_of(book, form), clash=choice)


@bp.post("/hands")
@bp.post("/rounds")
def post_entry(key: str, number: int) -> ResponseReturnValue:
    """Add the next round (or Kaiser hand) from the form; a refusal comes back on the form with status 422."""
    book = game_behind_link(key, number, writing=True)
    screen = screen_of(book.family)
    form = screen.entry_form(book, request.form)
    event = screen.event(book, form, request.form) if form.validate() else None
    if event is None:
        return refused(book, form, show=bool(screen.waiting(book, request.form)))
    return _write(book, form, event)


def offered(book: Book, event: Entered, *, decided: bool = False) -> ResponseReturnValue:
    """Add an entry made by one button (a void round, a buy-back, a passed deal), `event(book, form)`.

    With `decided`, the entry waits for every buy-back open to be decided first, as the next round does.
    """
    form = SheetForm()
    entry_form = screen_of(book.family).entry_form(book)
    if not form.validate():
        return refused(book, entry_form, str(EXPIRED))
    undecided = screen_of(book.family).waiting(book, request.form) if decided else ""
    if undecided:
        return refused(book, entry_form, undecided, show=True)
    return _write(book, form, event(book, request.form), entry_form)


@bp.get("/out")
def out_for_good(key: str, number: int) -> ResponseReturnValue:
    """The scorer declares eliminated players out for good (`?out=Ana`): the entry, ready for the next round.

    Nothing is written: the rules put out for good a player who did not buy back before the next round, so the
    decision travels with the next round's form, which is refused without it.
    """
    book = game_behind_link(key, number, writing=True)
    screen = screen_of(book.family)
    # With JavaScript the round form's values come along (a round refused for want of this choice keeps its hands).
    filled = any(name.startswith("hand:") for name in request.args)
    form = screen.entry_form(book, request.args) if filled else None
    return render("games/show.html", "games/_entry.html", **context_of(book, form))


@bp.post("/rematch")
def rematch(key: str, number: int) -> ResponseReturnValue:
    """Once the game is over, the next game of the evening with the same players, seats and rules.

    The first deal passes to the left. A rematch asked twice (a double tap, two phones) opens the one made.
    """
    book = game_behind_link(key, number, writing=True)
    if not KeyedForm().validate() or not book.state.over:
        reason = EXPIRED if book.state.over else NOT_OVER
        return refused(book, screen_of(book.family).entry_form(book), str(reason))
    made = service.rematch(get_db(), book)
    return redirect(url_for("games.show", key=key, number=made.number), 303)


@bp.post("/events/<int:slot>/delete")
def delete_event(key: str, number: int, slot: int) -> ResponseReturnValue:
    """Delete one entry (the undo button deletes the last); the change log keeps what it was."""
    book = game_behind_link(key, number, writing=True)
    form = DeleteForm()
    if not form.validate():
        return refused(book, screen_of(book.family).entry_form(book), str(EXPIRED))
    position = book.position_of(slot)
    try:
        outcome = correct(
            get_db(), book, slot, None, form.revision(), submission=form.submission.data, later=after_answer
        )
    except (EntryError, StaleEdit, Busy) as error:
        return refused(book, screen_of(book.family).entry_form(book), _correctionrefused(book, error, position))
    if position is not None and outcome.done is Done.WRITTEN:
        flash(_("Deleted: %(entry)s. The change log keeps it.", entry=entry_named(book, position)))
    return _written(book, outcome, None, removed=slot)


def _correctionrefused(book: Book, error: Exception, deleted: int | None = None) -> str:
    """Why a correction or a deletion was refused, naming an entry as the sheet numbers it (not the log).

    Without the entry `deleted` (its position), the entries after it replay one place earlier.
    """
    if not isinstance(error, EntryError):
        return str(error)
    position = error.position + 1 if deleted is not None and error.position >= deleted else error.position
    return str(
        _(
            "This correction makes %(entry)s impossible: %(reason)s",
            entry=entry_named(book, position),
            reason=error.reason,
        )
    )


@bp.route("/hands/<int:slot>", methods=["GET", "POST"])
@bp.route("/events/<int:slot>", methods=["GET", "POST"])
def edit_entry(key: str, number: int, slot: int) -> ResponseReturnValue:
    """Correct a past round or hand: everything after it is counted again, and the change log shows the change."""
    book = game_behind_link(key, number, writing=True)  # the viewer's link never sees this form
    position = book.position_of(slot)
    entry = book.entry(slot)
    if request.method == "POST" and entry is None and service.ever_had_entry(get_db(), book, slot):
        # deleted from another phone meanwhile: say so on the sheet as it stands (nothing saved)
        return refused(book, screen_of(book.family).entry_form(book), str(DELETED))
    if position is None or entry is None or position > len(book.replayed.steps) + 1:
        abort(404)
    if not family_of(book.rules).correctable(entry.data.get("type")):  # the family says which entries are corrected
        abort(404)
    screen = screen_of(book.family)
    if request.method == "GET":
        return edit_page(book, screen.edit_form(book, position), slot, position)
    form = screen.edit_form(book, position, request.form)
    valid = form.validate()
    if valid and not "".join(form.based_on.raw_data or []).strip():  # the page always sends the revision it shows
        form.form_errors.append(str(NOT_THIS_PAGE))
        valid = False
    event = screen.edited(book, position, form) if valid else None
    if event is not None:
        try:
            correct(
                get_db(),
                book,
                slot,
                event,
                revision_of(form.based_on.data),
                submission=form.submission.data,
                later=after_answer,
            )
        except EntryError as error:
            form.form_errors.append(_correctionrefused(book, error) if error.position > position else error.reason)
        except (StaleEdit, Busy) as error:
            form.form_errors.append(str(error))
        else:
            changed = corrected_words(book, entry.data, event.as_json())
            named = entry_named(book, position)
            flash(
                _("Correction saved, %(entry)s: %(changes)s.", entry=named, changes=changed)
                if changed
                else _("Correction saved, %(entry)s: nothing changed.", entry=named)
            )
            return redirect(url_for("games.show", key=key, number=number, _anchor="entry"), 303)
    return edit_page(book, form, slot, position, 422)


def edit_page(book: Book, form: SheetForm, slot: int, position: int, status: int = 200) -> ResponseReturnValue:
    """The form correcting the entry at `slot` (`position`), with the sheet it changes."""
    line = line_of(book, slot)
    context = {**context_of(book, form, log=False), "slot": slot, "number": line.number if line else position}
    return render("games/edit.html", "games/_edit_form.html", status, **context)
