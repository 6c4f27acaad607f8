"""Starting a Kaluki or Rami game from the evening's page: its game, the players ticked, and who deals first."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from flask_babel import lazy_gettext as _l
from wtforms import Field, SelectField, SelectMultipleField
from wtforms.validators import ValidationError
from wtforms.widgets import CheckboxInput, ListWidget

from referee.rules.deal import draw_first_dealer
from referee.rules.families import rules_for
from referee.rules.option_words import preset_said
from referee.rules.options import OptionError, Value
from referee.rules.rummy_family import RUMMY
from referee.services.games import Evening
from referee.web.forms import AT_RANDOM, FormData, KeyedForm, presets_of, presets_said
from referee.web.games.lines import NewGame


class GameForm(KeyedForm):
    """A new game of the evening: its game, who plays, and who deals first."""

    preset = SelectField(_l("Game"), choices=lambda: presets_said(presets_of(RUMMY.name)))
    players = SelectMultipleField(
        _l("Players"),
        widget=ListWidget(prefix_label=False),
        option_widget=CheckboxInput(),
        # No InputRequired: it would mark every box `required`, and the browser would refuse a game of some
        # of the evening's players. validate_players says what is wrong instead.
    )
    first_dealer = SelectField(_l("First dealer"), default=AT_RANDOM)
    evening_rules: tuple[str, Mapping[str, Value]] = ("", {})  # the evening's preset and house rules

    def validate_players(self, field: Field) -> None:
        """At least two players ticked, and no more nor fewer than the game seats."""
        count = len(field.data or [])
        if count < 2:
            raise ValidationError(_l("A game needs at least two players."))
        preset, options = self.evening_rules
        try:
            rules = rules_for(self.preset.data, options if self.preset.data == preset else {})
        except OptionError:
            return  # a preset that is none: the preset field says so
        fewest, most = getattr(rules, "min_players", 2), getattr(rules, "max_players", count)
        if not fewest <= count <= most:
            raise ValidationError(
                _l(
                    "%(game)s is played by %(fewest)s to %(most)s players, not %(count)s.",
                    game=preset_said(self.preset.data),
                    fewest=fewest,
                    most=most,
                    count=count,
                )
            )

    def validate_first_dealer(self, field: Field) -> None:
        """The first dealer plays in the game, or is drawn at random among its players."""
        if field.data != AT_RANDOM and field.data not in (self.players.data or []):
            raise ValidationError(_l("The first dealer must be one of the game's players."))

    def dealer_choices(self, names: Sequence[str]) -> None:
        """Offer a draw at random (000, 003: "au hasard"), then each of `names`."""
        self.first_dealer.choices = {AT_RANDOM: str(_l("Drawn at random")), **{name: name for name in names}}


class RummyStart:
    """Kaluki and Rami: any two or more of the evening's players, on the evening's rules when it is its game."""

    family = "rummy"
    template = "games/rummy/_start.html"

    def form(self, evening: Evening, formdata: FormData | None = None) -> GameForm:
        """The form, filled with the evening's game and every player ticked."""
        form = GameForm(formdata, preset=evening.preset, players=list(evening.players))
        form.evening_rules = (evening.preset, dict(evening.options))
        form.players.choices = {name: name for name in evening.players}
        form.dealer_choices(evening.players)
        return form

    def new_game(self, evening: Evening, form: GameForm) -> NewGame:
        """The game the valid form asks for: the players ticked, in the evening's seat order."""
        players = [name for name in evening.players if name in form.players.data]
        drawn = form.first_dealer.data == AT_RANDOM
        first = draw_first_dealer(players) if drawn else players.index(form.first_dealer.data)
        options = evening.options if form.preset.data == evening.preset else {}
        return NewGame(form.preset.data, options, {"players": list(players)}, tuple(players), first, drawn)

    def some_of(self, count: int) -> str | None:
        """A rummy game seats any of the evening's players: nothing to say."""
        return None
