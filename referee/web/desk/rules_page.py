"""The rules page: the rules at this table first, then every option by topic with its meaning, source and the
rulebooks' sentences, the worked examples, and last the options as the command line writes them."""

from __future__ import annotations

from dataclasses import dataclass

from referee.rules.families import game_said
from referee.rules.game import Rules
from referee.rules.options import OPTIONS, TOPICS, Value, show_value
from referee.rules.presets import Preset, get_preset
from referee.rules.settings_said import describe, value_said
from referee.rules.sources import Quote, quotes_for, source_said, sources_named
from referee.rules.words import say
from referee.web.games.families import Worked, web_family_of

# The settings a dispute at the table needs, shown first (with every house rule); the others wait in their topic.
AT_THE_TABLE = frozenset(
    {
        "packs", "jokers", "hand_size", "opening_threshold", "meld_values", "hand_values", "scoring", "target",
        "elimination_threshold", "buyback_cost", "max_buybacks", "ante", "chips_per_win", "chips_per_kaluki",
        "min_bid", "made_bid", "bid_out", "all_pass",
    }
)  # fmt: skip
BUYING_BACK = frozenset({"buyback_cost", "max_buybacks"})  # said only where a player can be eliminated


@dataclass(frozen=True)
class Setting:
    """A line of the rules at this table: the option's label and value, and the preset's if the house changed it."""

    name: str
    label: str
    value: str
    preset_value: str | None  # None unless a house rule changed it


@dataclass(frozen=True)
class Explained:
    """One option in full: its label and value, what it means, its sources and the rulebooks' sentences."""

    name: str
    label: str
    value: str
    meaning: str
    source: str
    quotes: tuple[Quote, ...]
    changed: bool


@dataclass(frozen=True)
class Topic:
    """The options of one topic, folded together on the page."""

    key: str
    title: str
    options: tuple[Explained, ...]

    @property
    def changed(self) -> bool:
        """Whether the house changed one of its options."""
        return any(option.changed for option in self.options)


@dataclass(frozen=True)
class RulesShown:
    """What the rules page shows of one set of rules."""

    rules: Rules
    preset: Preset
    game: str  # the preset's name in the reader's words
    source: str
    changed_said: tuple[str, ...]  # the house rules, each by its label
    at_the_table: tuple[Setting, ...]
    topics: tuple[Topic, ...]
    worked: Worked
    command: str  # the options of the command line that give these rules
    codes: tuple[tuple[str, str], ...]  # each option's label and its `name=value` for the command line

    @property
    def changed(self) -> bool:
        """Whether the house changed any rule of the preset."""
        return bool(self.changed_said)

    @property
    def worked_changed(self) -> bool:
        """Whether the house rules change the answer of a worked example."""
        return any(here is not None and here != verdict for _kind, _question, verdict, here in self.worked)


def rules_shown(rules: Rules) -> RulesShown:
    """What the rules page shows of one set of rules: the rules at this table, every option by topic, the worked
    examples and the command line's words for them."""
    changed = rules.changed()
    preset = get_preset(rules.preset)
    options = [
        Explained(
            name,
            OPTIONS[name].label_said(),
            value_said(name, getattr(rules, name)),
            meaning,
            sources_named(source),
            quotes_for(name, rules.preset),
            name in changed,
        )
        for name, _value, meaning, source in describe(rules)
    ]
    topics = (
        Topic(key, say(title), tuple(option for option in options if OPTIONS[option.name].topic == key))
        for key, title in TOPICS.items()
    )
    house = [f"--set {name}={show_value(value)}" for name, value in changed.items()]
    return RulesShown(
        rules=rules,
        preset=preset,
        game=game_said(rules),
        source=source_said(preset.source),
        changed_said=tuple(OPTIONS[name].label_said() for name in changed),
        at_the_table=at_the_table(rules),
        topics=tuple(topic for topic in topics if topic.options),
        worked=web_family_of(rules.family).worked(rules, bool(changed)),
        command=" ".join([f"--preset {rules.preset}", *house]),
        codes=tuple((option.label, f"{option.name}={show_value(getattr(rules, option.name))}") for option in options),
    )


def at_the_table(rules: Rules) -> tuple[Setting, ...]:
    """The settings a dispute needs, and every house rule, each marked with the preset's value it replaces."""
    changed, defaults = rules.changed(), get_preset(rules.preset).defaults
    eliminating = getattr(rules, "elimination_threshold", None) is not None
    return tuple(
        Setting(
            name,
            OPTIONS[name].label_said(),
            setting_said(rules, name, getattr(rules, name)),
            setting_said(rules, name, defaults[name]) if name in changed else None,
        )
        for name in get_preset(rules.preset).option_names()
        if name in changed
        or (name in AT_THE_TABLE and getattr(rules, name) is not None and (eliminating or name not in BUYING_BACK))
    )


def setting_said(rules: Rules, name: str, value: Value) -> str:
    """A setting's value as the rules at this table say it: in the family's own words where it has some (the cards'
    values counted out, where one is eliminated), else as the options table says it.

    >>> from referee.rules.rummy_family import rummy_rules
    >>> kaluki = rummy_rules("kaluki")
    >>> setting_said(kaluki, "hand_values", "penalty"), setting_said(kaluki, "elimination_threshold", 150)
    ('ace 11, 10 to king 10, 2 to 9 at face value, joker 15', '150 or more')
    >>> setting_said(kaluki, "packs", 2)
    '2'
    """
    return web_family_of(rules.family).setting(rules, name, value) or value_said(name, value)
