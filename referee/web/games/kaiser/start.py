"""Starting a Kaiser game from the evening's page: two teams of two (partners sit opposite), the first dealer, and
its house rules."""

from __future__ import annotations

from typing import ClassVar

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import FormField, SelectField

from referee.rules.deal import draw_first_dealer
from referee.rules.families import rules_for
from referee.rules.kaiser_family import KAISER
from referee.services.games import Evening
from referee.web.forms import (
    AT_RANDOM,
    ExtraValidators,
    FormData,
    HouseRules,
    KeyedForm,
    add_house_rule_fields,
    options_of,
    presets_of,
    presets_said,
)
from referee.web.games.lines import NewGame

KAISER_PRESETS = presets_of(KAISER.name)
SEATS = 4  # two teams of two


class KaiserHouseRulesForm(HouseRules):  # not a HouseRulesForm: it would inherit a field per rummy option
    """One field per Kaiser option; a blank field keeps the preset's default."""

    names: ClassVar[list[str]] = options_of(KAISER_PRESETS)
    presets: ClassVar[list[str]] = KAISER_PRESETS


add_house_rule_fields(KaiserHouseRulesForm)


class KaiserGameForm(KeyedForm):
    """A new Kaiser game: its rules, two teams of two (partners sit opposite) and who deals first."""

    preset = SelectField(_l("Game"), choices=lambda: presets_said(KAISER_PRESETS), default="kaiser")
    first = SelectField(_l("Team 1"))
    partner = SelectField(_l("Team 1: partner"))
    second = SelectField(_l("Team 2"))
    second_partner = SelectField(_l("Team 2: partner"))
    dealer = SelectField(_l("First dealer"))
    house = FormField(KaiserHouseRulesForm, label=_l("House rules"))

    def seats(self) -> list[str]:
        """The four players clockwise: Team 1, Team 2, Team 1's partner, Team 2's partner."""
        return [self.first.data, self.second.data, self.partner.data, self.second_partner.data]

    def teams(self) -> dict[str, list[str]]:
        """The two teams as the game record writes them, each named after its players."""
        one, two = [self.first.data, self.partner.data], [self.second.data, self.second_partner.data]
        return {" & ".join(one): one, " & ".join(two): two}

    def validate(self, extra_validators: ExtraValidators = None) -> bool:
        """Four different players, and a first dealer among them."""
        valid = super().validate(extra_validators)
        seats = self.seats()
        twice = next((name for name in seats if seats.count(name) > 1), None)
        if twice:
            self.form_errors.append(
                str(_l("“%(name)s” cannot play in two places: Kaiser needs four players.", name=twice))
            )
            valid = False
        names = list(self.teams())
        if not twice and len(names) < 2:
            self.form_errors.append(str(_l("Both teams would be called “%(name)s”.", name=names[0])))
            valid = False
        if self.dealer.data != AT_RANDOM and self.dealer.data not in seats:
            self.dealer.errors = [*self.dealer.errors, str(_l("The first dealer must be one of the four players."))]
            valid = False
        problems = self.house.form.check(self.preset.data)
        self.form_errors.extend(problems)
        return valid and not problems and not self.house.form.errors


def kaiser_game_form(players: list[str], formdata: FormData | None = None) -> KaiserGameForm:
    """The Kaiser game form for an evening's players, the first four seated as they sit (partners opposite)."""
    defaults = (players + [""] * 4)[:4]
    form = KaiserGameForm(
        formdata,
        prefix="kaiser",  # its fields' ids must not clash with the rummy game form's on the same page
        first=defaults[0],
        second=defaults[1],
        partner=defaults[2],
        second_partner=defaults[3],
        dealer=AT_RANDOM,
    )
    for field in (form.first, form.partner, form.second, form.second_partner):
        field.choices = {name: name for name in players}
    form.dealer.choices = {AT_RANDOM: str(_l("Drawn at random")), **{name: name for name in players}}
    return form


class KaiserStart:
    """Kaiser: four of the evening's players, two teams of two."""

    family = "kaiser"
    template = "games/kaiser/_start.html"

    def form(self, evening: Evening, formdata: FormData | None = None) -> KaiserGameForm | None:
        """The form, the first four players seated as they sit; None for an evening of fewer than four."""
        return kaiser_game_form(list(evening.players), formdata) if len(evening.players) >= 4 else None

    def new_game(self, evening: Evening, form: KaiserGameForm) -> NewGame:
        """The game the valid form asks for: the four seats clockwise, the teams and the house rules."""
        seats = form.seats()
        options = rules_for(form.preset.data, form.house.form.overrides()).changed()
        drawn = form.dealer.data == AT_RANDOM
        dealer = draw_first_dealer(seats) if drawn else seats.index(form.dealer.data)
        return NewGame(form.preset.data, dict(options), {"teams": form.teams()}, tuple(seats), dealer, drawn)

    def some_of(self, count: int) -> str | None:
        """Past four players, Kaiser seats four of them."""
        return _("Kaiser takes four of them.") if count > SEATS else None
