"""The round form of any other game: each seat's score, typed (negative allowed)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from types import MappingProxyType

from flask_babel import lazy_gettext as _l
from wtforms import Field, HiddenField, IntegerField
from wtforms.validators import InputRequired, NumberRange

from referee.rules.options import MOST
from referee.rules.other_game import Scores
from referee.web.forms import FormData, SheetForm


class ScoreField(IntegerField):
    """A whole number as a phone types it: a true minus sign (−20) reads as a hyphen's."""

    def process_formdata(self, valuelist: list[str]) -> None:
        """The value typed, its minus sign made ASCII."""
        super().process_formdata([value.replace("\u2212", "-").strip() for value in valuelist])


class ScoresForm(SheetForm):
    """A round: each seat's score, in a field named after the seat (`score:Ana`), never after a position."""

    based_on = HiddenField()
    players: list[str]

    def score(self, name: str) -> Field:
        """The score field of `name`."""
        return self[f"score:{name}"]


def scores_form(players: Sequence[str], formdata: FormData | None = None, **data: object) -> ScoresForm:
    """The round form of these seats."""
    form = _scores_class(tuple(players))(formdata, **data)
    form.players = list(players)
    return form


@lru_cache(maxsize=256)
def _scores_class(players: tuple[str, ...]) -> type[ScoresForm]:
    """The form's class for these seats: made once, as WTForms binds its fields once."""

    class Round(ScoresForm):
        pass

    for seat, name in enumerate(players):
        wanted = InputRequired(_l("Type %(name)s's score (0 when none).", name=name))
        bounds = NumberRange(-MOST, MOST, _l("A score is a whole number from −%(most)s to %(most)s.", most=MOST))
        setattr(Round, f"score:{name}", ScoreField(name, [wanted, bounds], id=f"score-{seat}"))
    return Round


def scores_of(form: ScoresForm) -> Scores:
    """The round a valid form describes."""
    return Scores(MappingProxyType({name: int(form.score(name).data) for name in form.players}))


def scores_data(event: Scores) -> dict[str, object]:
    """The form's fields filled from a recorded round."""
    return {f"score:{name}": score for name, score in event.scores.items()}
