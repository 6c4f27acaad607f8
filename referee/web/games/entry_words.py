"""How a family's change log names its entries and the values a correction changes (each family gives its own,
`rummy/words.py`, `kaiser/words.py`, registered in `families.py`): the shared change log asks its family."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

Entry = Mapping[str, object]  # an entry's JSON, as a game record writes it


@dataclass(frozen=True)
class EntryWords:
    """One family's words for its entries."""

    named: Callable[[Entry], str]  # an entry in words: "the round won by Ana", "the hand Ben bid 7"
    numbered: Callable[[Sequence[Entry]], str | None]  # the last of these entries as the sheet numbers it: "round 6"
    single: tuple[tuple[str, Callable[[], str]], ...]  # the values of one entry a correction may change: their labels
    per_player: tuple[tuple[str, Callable[[str], str]], ...]  # the values per player (or team): their labels
    shown: Mapping[str, Callable[[object], str]] = field(default_factory=dict)  # how a value is written, where special
