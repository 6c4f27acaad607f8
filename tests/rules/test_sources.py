"""The rulebooks' sentences each option rests on (docs/rules.md: every ruling names the sentence it rests on).

Every quote must occur in its source's file, word for word once whitespace is normalised: a quote of the
referee's own reading ("docs/rules.md") in the repository's docs/rules.md, always; a quote of a seed in
`../shared/seeds/`, checked only where the seeds are present beside the clone.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from referee.rules.options import OPTIONS
from referee.rules.presets import PRESETS
from referee.rules.sources import LANGUAGES, RULES_MD, Quote, quotes, quotes_for

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT.parent / "shared" / "seeds"
SEEDS_ABSENT = (
    "the rulebooks (seeds) are not part of the repository: they are the group's scanned rulebooks, kept "
    f"beside the clone in {SEEDS}, so their quotes can only be checked where they are present; "
    "docs/rules.md carries the project's reading"
)


@cache
def source_text(source: str) -> str:
    """A source's text with its whitespace normalised (line breaks, double and non-breaking spaces)."""
    if source == RULES_MD:
        path = ROOT / RULES_MD
    else:
        [path] = SEEDS.glob(f"{source}_*.txt")
    return " ".join(path.read_text(encoding="utf-8").split())


ALL = [(option, quote) for option, by_source in quotes().items() for quote in by_source.values()]


@pytest.mark.parametrize(("option", "quote"), ALL, ids=[f"{option}-{quote.source}" for option, quote in ALL])
def test_every_quote_occurs_word_for_word_in_its_source(option: str, quote: Quote) -> None:
    if quote.source != RULES_MD and not SEEDS.is_dir():
        pytest.skip(SEEDS_ABSENT)
    assert " ".join(quote.text.split()) in source_text(quote.source), f"{option}: not in {quote.source}"
    assert quote.gloss.strip() and quote.gloss != quote.text


@pytest.mark.parametrize("preset", PRESETS)
def test_every_option_of_every_preset_has_a_quote(preset: str) -> None:
    missing = [option for option in PRESETS[preset].option_names() if not quotes_for(option, preset)]
    assert missing == []


def test_quotes_are_of_known_options_and_sources() -> None:
    assert set(quotes()) <= set(OPTIONS)
    assert {quote.source for _option, quote in ALL} <= set(LANGUAGES)


def test_each_seed_an_option_names_as_its_source_is_quoted_or_read_by_the_referee() -> None:
    for option in OPTIONS.values():
        named = {source for source in ("000", "001", "002", "003") if source in option.source}
        quoted = set(quotes().get(option.name, {}))
        read = any(option.name in dict(preset.readings) for preset in PRESETS.values())  # a family's own reading
        assert named <= quoted or RULES_MD in quoted or read, option.name


@pytest.mark.parametrize(
    ("option", "preset", "first"),
    [
        ("run_max", "kaluki", "000"),
        ("opening_threshold", "rami", "001"),
        ("set_joker_release", "kaluki-hunt", "002"),
        ("bid_out", "kaiser", "003"),
        ("all_pass", "kaiser-pagat", RULES_MD),  # pagat is no seed: the referee's reading comes first
        ("group_duplicate_suits", "kaluki-club", "000"),  # no quote of docs/rules.md: the seeds, in order
    ],
)
def test_the_presets_own_source_comes_first(option: str, preset: str, first: str) -> None:
    assert quotes_for(option, preset)[0].source == first


def test_a_gloss_is_in_the_readers_language_only_when_the_source_is_not() -> None:
    french, english = quotes()["target"]["003"], quotes()["target"][RULES_MD]
    assert french.language == "fr" and french.gloss_for("fr") is None and french.gloss_for("en") == french.gloss
    assert english.language == "en" and english.gloss_for("en") is None and english.gloss_for("fr") == english.gloss
