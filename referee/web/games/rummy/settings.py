"""How the rummy family says its own settings on the rules page's *rules at this table*: what each card counts, and
where a player is eliminated."""

from __future__ import annotations

from functools import reduce

from referee.rules.cards import Card
from referee.rules.game import Rules
from referee.rules.options import Value
from referee.rules.table import RummyRules
from referee.rules.values import ACE, TEN, hand_card_value, natural_value
from referee.rules.words import say


def rummy_setting(rules: Rules, name: str, value: Value) -> str | None:
    """A rummy setting in words where the options table's are not enough: the cards' values, the elimination mark;
    None for any other (the rules page says it as the options table does).

    >>> from referee.rules.rummy_family import rummy_rules
    >>> club = rummy_rules("kaluki-club")
    >>> rummy_setting(club, "elimination_threshold", 150), rummy_setting(club, "packs", 2)
    ('more than 150', None)
    """
    if not isinstance(rules, RummyRules):
        return None
    if isinstance(value, str) and name in ("hand_values", "meld_values"):
        return card_values(value, rules.joker_meld_value if name == "meld_values" else None)
    if isinstance(value, int) and name == "elimination_threshold":
        return say("{n} or more", n=value) if rules.elimination_inclusive else say("more than {n}", n=value)
    return None


def card_values(table: str, joker_in_meld: int | str | None) -> str:
    """What each card counts under `table`, in a hand (`joker_in_meld` None) or in a meld, said when shown.

    >>> card_values("salon", None)
    'ace 15, 10 to king 10, 2 to 9: 5 each, joker 20'
    >>> card_values("face", "represented")
    'ace 11 (1 before the 2), 10 to king 10, 2 to 9 at face value, joker as the card it stands for'
    """
    if joker_in_meld is None:
        ace = say("ace {n}", n=hand_card_value(Card(ACE, "S"), table))
        joker = say("joker {n}", n=hand_card_value(Card.joker(), table))
    else:
        high, low = natural_value(ACE, table), natural_value(ACE, table, low_ace=True)
        ace = say("ace {n}", n=high) if high == low else say("ace {n} ({low} before the 2)", n=high, low=low)
        joker = (
            say("joker {n}", n=joker_in_meld)
            if isinstance(joker_in_meld, int)
            else say("joker as the card it stands for")
        )
    small = {natural_value(rank, table) for rank in range(2, TEN)}
    smalls = say("2 to 9: {n} each", n=small.pop()) if len(small) == 1 else say("2 to 9 at face value")
    parts = [ace, say("10 to king {n}", n=natural_value(TEN, table)), smalls, joker]
    return reduce(lambda these, that: say("{these}, {that}", these=these, that=that), parts)
