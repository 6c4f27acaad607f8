"""The Kaiser forms: a new game's two teams and first dealer, and one hand (the rules check what it says)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, HiddenField, IntegerField, RadioField, StringField
from wtforms.validators import InputRequired

from referee.rules.events import EntryError
from referee.rules.kaiser_bidding import bid_outranks
from referee.rules.kaiser_events import MAX_BID, SUITS, Bid, Call, KaiserHand, KaiserTeams, call_json
from referee.rules.kaiser_rules import KaiserRules
from referee.web.forms import ExtraValidators, FormData, SheetForm


class PassedForm(SheetForm):
    """A deal where everybody passed, on the sheet the scorer saw: whose deal it was."""

    dealer = HiddenField()


class KaiserHandForm(SheetForm):
    """A Kaiser hand: who won the bid, the bid, no trump, the bidding team's tricks, who took the 5♥ and the 3♠."""

    based_on = HiddenField()
    dealer = HiddenField()  # who dealt, as the scorer saw it: a hand recorded meanwhile from another phone shows
    bids: list[int]  # the bids the rules allow, from min_bid to 12
    bidder = RadioField(_l("Who won the bid?"), validators=[InputRequired(_l("Pick the player who won the bid."))])
    bid = IntegerField(_l("Bid"), validators=[InputRequired(_l("Pick the bid."))])
    no_trump = BooleanField(_l("No trump (counts double)"))
    tricks = IntegerField(
        _l("Tricks taken by the bidding team"), validators=[InputRequired(_l("Pick the bidding team's tricks."))]
    )
    five_hearts = RadioField(_l("Who took the 5♥?"), validators=[InputRequired(_l("Pick the team that took the 5♥."))])
    three_spades = RadioField(_l("Who took the 3♠?"), validators=[InputRequired(_l("Pick the team that took the 3♠."))])
    # The auction, optional and folded away: each player's call from the dealer's left ("pass" or a bid), and
    # the trump suit. Checked by the rules; when it is given, the bidder and the bid may be left to it.
    call_0 = StringField()
    call_1 = StringField()
    call_2 = StringField()
    call_3 = StringField()
    nt_0 = BooleanField()
    nt_1 = BooleanField()
    nt_2 = BooleanField()
    nt_3 = BooleanField()
    trump = StringField(_l("Trump"))
    suits = SUITS
    teams: KaiserTeams

    def callers(self) -> list[tuple[int, str]]:
        """Who calls, in order from the dealer's left (the table's seats when the dealer is not known)."""
        seats = list(self.teams.seats)
        if self.dealer.data in seats:
            start = seats.index(self.dealer.data) + 1
            seats = seats[start:] + seats[:start]
        return list(enumerate(seats))

    def calls(self) -> list[Call]:
        """The calls filled in, in order; ValueError names a call that is not a pass or a bid."""
        calls: list[Call] = []
        for number, player in self.callers():
            text = (self[f"call_{number}"].data or "").strip()
            if not text:
                continue
            if text == "pass":
                calls.append((player, None))
            elif text.isascii() and text.isdigit() and len(text) <= 2:
                calls.append((player, Bid(int(text), bool(self[f"nt_{number}"].data))))
            else:
                raise ValueError(str(_l("%(name)s's call is a pass or a bid, not “%(call)s”.", name=player, call=text)))
        return calls

    def folded(self) -> bool:
        """Whether the auction stays folded away: nothing of it is filled in."""
        return not (self.trump.data or any(self[f"call_{n}"].data for n in range(4)))

    def validate(self, extra_validators: ExtraValidators = None) -> bool:
        """The form's checks; a complete auction fills in the bidder and the bid when they are left blank."""
        try:
            calls = self.calls()
        except ValueError:
            calls = []
        won = _highest(calls) if len(calls) == 4 else None
        if won is not None and not self.bidder.data and self.bid.data is None:
            player, bid = won
            self.bidder.data, self.bidder.raw_data = player, [player]
            self.bid.data, self.bid.raw_data = bid.value, [str(bid.value)]
            self.no_trump.data = bid.no_trump
        return super().validate(extra_validators)


def _highest(calls: list[Call]) -> tuple[str, Bid] | None:
    """The call that won an auction read as given: the last one at least as high as every bid before it."""
    high: tuple[str, Bid] | None = None
    for player, bid in calls:
        if bid is not None and (high is None or not bid_outranks(high[1], bid)):
            high = (player, bid)
    return high


def kaiser_hand_form(
    teams: KaiserTeams, rules: KaiserRules, formdata: FormData | None = None, **data: object
) -> KaiserHandForm:
    """The hand form for this table: the four players to bid, the bids the rules allow, the two teams."""
    form = KaiserHandForm(formdata, **data)
    form.bidder.choices = {name: name for name in teams.seats}
    form.five_hearts.choices = {name: name for name in teams.names}
    form.three_spades.choices = {name: name for name in teams.names}
    form.bids = list(range(rules.min_bid, MAX_BID + 1))
    form.teams = teams
    return form


def kaiser_hand_event(form: KaiserHandForm, teams: KaiserTeams, dealer: str | None, position: int) -> KaiserHand | None:
    """The hand the form describes (one team's tricks given, the other's the rest), or None with the reason on it.

    The rules engine checks the tricks and the two cards, so a refusal gives its reason.
    """
    bidding = teams.team_of(form.bidder.data)
    try:
        calls = form.calls()
    except ValueError as error:
        form.form_errors.append(str(error))
        return None
    if calls and len(calls) < 4:
        called = {player for player, _bid in calls}
        missing = ", ".join(player for _n, player in form.callers() if player not in called)
        form.form_errors.append(str(_l("The auction needs every player's call: %(names)s missing.", names=missing)))
        return None
    raw: dict[str, object] = {
        "type": "hand",
        "dealer": dealer,
        "bidder": form.bidder.data,
        "bid": form.bid.data,
        "no_trump": bool(form.no_trump.data),
        "tricks": {bidding: form.tricks.data},
        "five_hearts": form.five_hearts.data,
        "three_spades": form.three_spades.data,
    }
    if calls:
        raw["calls"] = [call_json(call) for call in calls]
    if form.trump.data:
        raw["trump"] = form.trump.data
    try:
        return KaiserHand.from_json(raw, position, teams)
    except EntryError as error:
        form.form_errors.append(error.reason)
        return None


def hand_data(event: KaiserHand, teams: KaiserTeams) -> dict[str, object]:
    """The hand form's fields filled from a recorded hand, with the bidding team's tricks."""
    bidding = teams.team_of(event.bidder)
    return {
        "bidder": event.bidder,
        "bid": event.bid,
        "no_trump": event.no_trump,
        "tricks": event.tricks_of(bidding) if bidding else None,
        "five_hearts": event.five_hearts,
        "three_spades": event.three_spades,
        "trump": event.trump,
    } | _call_data(event)


def _call_data(event: KaiserHand) -> dict[str, object]:
    """The auction's fields filled from a recorded hand: call_0… in the order called, from the dealer's left."""
    data: dict[str, object] = {}
    for number, (_player, bid) in enumerate(event.calls):
        data[f"call_{number}"] = "pass" if bid is None else str(bid.value)
        data[f"nt_{number}"] = bid is not None and bid.no_trump
    return data
