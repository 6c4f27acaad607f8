"""The French catalogue: it compiles, every message is translated with its placeholders, it covers the sources."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from gettext import GNUTranslations
from io import BytesIO
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from referee import create_app
from referee.rules.cards import parse_cards
from referee.rules.melds import check_meld
from referee.rules.options import OPTIONS
from referee.rules.presets import PRESETS
from referee.rules.rummy_family import rummy_rules
from referee.rules.sources import quotes
from referee.rules.words import speaking

ROOT = Path(__file__).resolve().parent.parent
FRENCH_PO = ROOT / "translations" / "fr" / "LC_MESSAGES" / "messages.po"
RULES = "referee/rules/"
PERCENT_FIELD = re.compile(r"%\((\w+)\)[sdifr]")


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    with FRENCH_PO.open("rb") as file:
        return read_po(file, locale="fr")


@pytest.fixture(scope="module")
def french(catalog: Catalog) -> GNUTranslations:
    compiled = BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return GNUTranslations(compiled)


def messages(catalog: Catalog) -> Iterator[Message]:
    return (message for message in catalog if message.id)


def forms(message: Message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def ids(message: Message) -> tuple[str, ...]:
    return message.id if isinstance(message.id, tuple) else (message.id,)


def brace_fields(text: str) -> set[str]:
    """The `{name!r:spec}` fields str.format fills (ValueError for a stray brace)."""
    return {f"{{{name}{'!' + conv if conv else ''}{':' + spec if spec else ''}}}"
            for _, name, spec, conv in string.Formatter().parse(text) if name is not None}  # fmt: skip


def from_the_rules(message: Message) -> bool:
    return any(path.startswith(RULES) for path, _ in message.locations)


def test_the_catalogue_compiles_with_french_plurals(catalog: Catalog, french: GNUTranslations) -> None:
    assert catalog.plural_forms == "nplurals=2; plural=(n > 1);"
    assert french.ngettext("{n} joker", "{n} jokers", 1) == "{n} joker"
    assert len(list(messages(catalog))) > 100


def test_every_message_has_a_french_translation(catalog: Catalog) -> None:
    untranslated = [ids(m)[0] for m in messages(catalog) if not all(form.strip() for form in forms(m))]
    fuzzy = [ids(m)[0] for m in messages(catalog) if m.fuzzy]
    assert not untranslated, f"translate these in {FRENCH_PO.relative_to(ROOT)}: {untranslated}"
    assert not fuzzy, f"check these guesses and remove their fuzzy flag: {fuzzy}"


def same_fields(source: set[str], translated: set[str], counts: set[str]) -> bool:
    """The same placeholders, except that a plural form may spell its count out ("un rachat")."""
    return translated <= source and not source - translated - counts


def test_placeholders_are_the_same_in_french(catalog: Catalog) -> None:
    wrong = []
    for message in messages(catalog):
        english = ids(message)
        plural = len(english) > 1
        for number, form in enumerate(forms(message)):
            source = english[min(number, len(english) - 1)]
            fine = same_fields(
                set(PERCENT_FIELD.findall(source)), set(PERCENT_FIELD.findall(form)), {"num"} if plural else set()
            )
            if fine and from_the_rules(message):  # say() fills them with str.format
                try:
                    fine = same_fields(brace_fields(source), brace_fields(form), {"{n}"} if plural else set())
                except ValueError:
                    fine = False
            if not fine:
                wrong.append(f"{source!r} → {form!r}")
    assert not wrong, "placeholders differ between English and French:\n" + "\n".join(wrong)


def test_the_rules_messages_hold_no_percent_sign(catalog: Catalog) -> None:
    """flask_babel.ngettext %-formats what it returns: a lone % in a rules message would break it."""
    found = [m.id for m in messages(catalog) if from_the_rules(m) and "%" in "".join((*ids(m), *forms(m)))]
    assert not found


def test_the_catalogue_covers_every_message_in_the_sources(catalog: Catalog) -> None:
    with (ROOT / "babel.cfg").open(encoding="utf-8") as file:
        method_map, options_map = parse_mapping_cfg(file)
    extracted = {(path, message) for path, _, message, _, _ in extract_from_dir(str(ROOT), method_map, options_map)}
    known = {m.id for m in messages(catalog)}
    missing = sorted({(path, repr(message)) for path, message in extracted if message not in known})
    assert not missing, (
        f"{len(missing)} message(s) of the sources are not in the catalogue: run `./dev i18n`, then translate "
        f"them in {FRENCH_PO.relative_to(ROOT)}:\n" + "\n".join(f"  {path}: {message}" for path, message in missing)
    )


def test_a_rules_refusal_comes_out_in_french(french: GNUTranslations) -> None:
    meld, rules = parse_cards("5C 5D 5H 5S 5C"), rummy_rules("kaluki")
    with speaking(french.gettext, french.ngettext):
        assert str(check_meld(meld, rules).reason) == "un groupe compte au plus 4 cartes"  # said when shown
    assert check_meld(meld, rules).reason == "a group holds at most 4 cards"


def test_every_option_meaning_and_preset_summary_is_said_in_french(french: GNUTranslations) -> None:
    with speaking(french.gettext, french.ngettext):
        english = [o.meaning for o in OPTIONS.values() if str(o.meaning_said()) == o.meaning]
        english += [p.summary for p in PRESETS.values() if str(p.summary_said()) == p.summary]
    assert not english, f"mark these with N_() and translate them: {english}"


def test_a_request_in_french_gets_the_rules_in_french(catalog: Catalog, tmp_path: Path) -> None:
    folder = tmp_path / "translations" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "messages.mo").open("wb") as file:
        write_mo(file, catalog)
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "DATABASE": str(tmp_path / "referee.sqlite"),
            "BABEL_TRANSLATION_DIRECTORIES": str(tmp_path / "translations"),
        }
    )
    meld, rules = parse_cards("5C 5D 5H 5S 5C"), rummy_rules("kaluki")
    for language, said in [("fr", "un groupe compte au plus 4 cartes"), ("en", "a group holds at most 4 cards")]:
        with app.test_request_context("/", headers={"Accept-Language": language}):
            app.preprocess_request()
            assert str(check_meld(meld, rules).reason) == said
        assert check_meld(meld, rules).reason == "a group holds at most 4 cards"  # the request is over


def off_french_typography(text: str) -> bool:
    """Whether `text` breaks French typography: a no-break space before : ; ! ? and one apostrophe (’)."""
    # placeholders, and the record's own text quoted in "…" (keys, ISO times), are not French prose
    prose = re.sub(r"\{[^}]*\}|%\(\w+\)s|\"[^\"]*\"", "0", text)
    spaced = re.search(r"(?:[ \u202f]|[^\W\d_])[:;!?]", prose) or "\u00a0\u00a0" in prose
    return bool(spaced or re.search(r"(?<=[^\W\d_])'(?=[^\W\d_])", prose))


def test_french_typography_a_no_break_space_before_double_punctuation_and_one_apostrophe(catalog: Catalog) -> None:
    """French writes « Manche 3 : … » with a no-break space before : ; ! ? and one apostrophe (’) on a screen."""
    wrong = [form for message in messages(catalog) for form in forms(message) if off_french_typography(form)]
    assert not wrong, "French typography:\n" + "\n".join(wrong)


def test_french_typography_in_the_glosses_a_french_reader_reads() -> None:
    """The French glosses of the English sentences (002's, and the project's own reading) follow it too; the French
    sources' own sentences are quotes, as their files write them."""
    glosses = [quote.gloss for by_source in quotes().values() for quote in by_source.values() if quote.language == "en"]
    assert glosses
    wrong = [gloss for gloss in glosses if off_french_typography(gloss)]
    assert not wrong, "French typography:\n" + "\n".join(wrong)
