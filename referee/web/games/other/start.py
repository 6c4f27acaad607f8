"""Starting any other game from the evening's page: its name, who plays (2 to 12 seats), which total wins, a target,
what a result is worth in chips, and who deals first."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms import Field, IntegerField, RadioField, SelectField, SelectMultipleField, StringField
from wtforms.validators import NumberRange, Optional, ValidationError
from wtforms.widgets import CheckboxInput, ListWidget

from referee.rules.deal import draw_first_dealer
from referee.rules.option_words import choice_said
from referee.rules.options import MOST
from referee.rules.other_family import LONGEST_NAME, OTHER
from referee.rules.other_game import MOST_SEATS, Chipped, Wins
from referee.services.games import Evening
from referee.web.forms import AT_RANDOM, FormData, KeyedForm
from referee.web.games.lines import NewGame


class OtherGameForm(KeyedForm):
    """A new game of any other kind: its name, its seats, who wins, its target and its chips."""

    preset = SelectField(_l("Game"), choices={"other": "other"}, default="other")
    game_name = StringField(_l("Name of the game"))
    players = SelectMultipleField(_l("Players"), widget=ListWidget(prefix_label=False), option_widget=CheckboxInput())
    wins = RadioField(_l("Who wins"), default=Wins.HIGHEST.value)
    target = IntegerField(_l("Target that ends the game (optional)"), [Optional(), NumberRange(1, MOST)])
    chips = RadioField(_l("Chips for the result"), default=Chipped.NONE.value)
    chips_rate = IntegerField(_l("Chips a place, or a point of difference"), [Optional(), NumberRange(1, 1000)],
                              default=1)  # fmt: skip
    first_dealer = SelectField(_l("First dealer"), default=AT_RANDOM)

    def validate_game_name(self, field: Field) -> None:
        """At most 40 characters."""
        if len(" ".join((field.data or "").split())) > LONGEST_NAME:
            raise ValidationError(_l("At most %(most)s characters.", most=LONGEST_NAME))

    def validate_players(self, field: Field) -> None:
        """Two to twelve seats ticked."""
        count = len(field.data or [])
        if not 2 <= count <= MOST_SEATS:
            raise ValidationError(_l("A game needs %(fewest)s to %(most)s players.", fewest=2, most=MOST_SEATS))

    def validate_first_dealer(self, field: Field) -> None:
        """The first dealer plays in the game, or is drawn at random among its players."""
        if field.data != AT_RANDOM and field.data not in (self.players.data or []):
            raise ValidationError(_l("The first dealer must be one of the game's players."))


def _sentence(words: str) -> str:
    """A value's words as a choice on the form: "The lowest total"."""
    said = str(words)
    return said[:1].upper() + said[1:]


class OtherStart:
    """Any other game: 2 to 12 of the evening's seats (a team is one seat, named as the table names it)."""

    family = OTHER.name
    template = "games/other/_start.html"

    def form(self, evening: Evening, formdata: FormData | None = None) -> OtherGameForm:
        """The form, every player ticked."""
        form = OtherGameForm(formdata, prefix="other", players=list(evening.players))
        form.players.choices = {name: name for name in evening.players}
        form.wins.choices = {value: _sentence(choice_said("wins", value)) for value in Wins}
        form.chips.choices = {value: _sentence(choice_said("chips", value)) for value in Chipped}
        form.first_dealer.choices = {AT_RANDOM: str(_l("Drawn at random")), **{name: name for name in evening.players}}
        return form

    def new_game(self, evening: Evening, form: OtherGameForm) -> NewGame:
        """The game the valid form asks for: the seats ticked, in the evening's order."""
        players = [name for name in evening.players if name in form.players.data]
        drawn = form.first_dealer.data == AT_RANDOM
        first = draw_first_dealer(players) if drawn else players.index(form.first_dealer.data)
        options = {
            "game_name": " ".join((form.game_name.data or "").split()),
            "wins": form.wins.data,
            "target": form.target.data,
            "chips": form.chips.data,
            "chips_rate": form.chips_rate.data or 1,
        }
        return NewGame("other", options, {"players": list(players)}, tuple(players), first, drawn)

    def some_of(self, count: int) -> str | None:
        """Any of the evening's seats play: nothing to say."""
        return None
