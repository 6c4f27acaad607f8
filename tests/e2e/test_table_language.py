"""Every page of a played evening speaks the phone's language (issue #34), read at 360×740 in French and in English.

The walk's stops (tests/e2e/test_route_walk.py) and the desk's six questions answered, each page read as the phone
shows it, every fold opened, outside the elements marked in another language (`lang="en"` on a French page): what
`language_checks.foreign_to` finds there (the other language's sentences and cards, code words, lost suits, hyphens
for minus signs) is listed, per page. The checks are first shown to find what was planted for them, so that a walk
that finds nothing means the pages are clean, not the checks broken.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import quote

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize

from tests.e2e.conftest import LiveApp
from tests.e2e.language_checks import Reading, foreign_to, read_page
from tests.e2e.pages import DeskPage
from tests.e2e.played_evening import PlayedEvening, Scorer
from tests.e2e.test_results_in_view import QUESTIONS
from tests.e2e.test_route_walk import STOPS
from tests.e2e.words import Words

pytestmark = pytest.mark.e2e

NARROW = ViewportSize(width=360, height=740)
# Besides the route walk's stops: the history of a player of the Kaiser game, whose team's score is negative.
MORE_STOPS = {"history-kaiser": lambda e: f"{e.evening}/players/{quote(e.players[5])}"}


@pytest.mark.parametrize(
    ("language", "planted", "kind"),
    [
        ("fr", "Ask the referee", "the other language's message 'Ask the referee'"),
        ("fr", "Rulings asked tonight, at the table", "the other language's message 'Rulings asked tonight'"),
        ("fr", "Réponse : yes; lays 12 points", "the other language's message 'yes; lays {points} points'"),
        ("fr", "Le joueur sort with 7 points", "a word of the other language"),
        ("fr", "Main : K♠ 9♠", "a card written the other language's way"),
        ("fr", "Règle : ace_wraps", "a code word"),
        ("fr", "Règles : kaluki-hunt", "a code word"),
        ("fr", "Main : 9? 10♥", "a lost suit"),
        ("fr", "Total : -3", "a hyphen for a minus"),
        ("fr", "Totaux sur 2 manches: Zoë 3", "the other language's spacing"),
        ("en", "Demander à l’arbitre", "the other language's message 'Demander à l’arbitre'"),
        ("en", "The player sends la main", "a word of the other language"),
        ("en", "Hand: D♠ 9♠", "a card written the other language's way"),
        ("en", "Total: -12", "a hyphen for a minus"),
        ("en", "Total\xa0: 12", "the other language's spacing"),
    ],
)
def test_the_checks_find_what_was_planted(language: str, planted: str, kind: str) -> None:
    clean = {
        "fr": "Marie-Françoise\xa0: −3 points à 21:30, le 2024-05-01 ; 10♥ D♥ R♥ (https://pagat.com) http://h/e/-0Xo8/hand",
        "en": "Marie-Françoise: −3 points at 21:30, Q♥ K♥",
    }
    text = f"{clean[language]}\n{planted}"
    assert any(problem.startswith(f"{kind}: ") for problem in foreign_to(Reading(language, text, text)))
    assert not foreign_to(Reading(language, clean[language], clean[language]))


def test_the_checks_leave_code_words_in_the_command_line_fold() -> None:
    text = "Pour la ligne de commande\n--set ace_wraps=…"
    assert not foreign_to(Reading("fr", text, "Pour la ligne de commande"))


def test_a_page_is_read_outside_what_is_marked_in_another_language(
    new_context: Callable[..., BrowserContext],
) -> None:
    phone = new_context(locale="fr-FR").new_page()
    quoted = '<p>Les règles : <q lang="en">The ace may not turn the corner, K♠ A♠ 2♠.</q></p>'
    folded = (
        '<details class="command-line"><summary>Pour la ligne de commande</summary><code>ace_wraps</code></details>'
    )
    phone.set_content(f'<html lang="fr"><title>Règles</title><body><main>{quoted}{folded}</main></body></html>')
    assert not foreign_to(read_page(phone))
    planted = "<p>Et : <span>Ask the referee</span></p>"
    phone.set_content(
        f'<html lang="fr"><title>Règles</title><body><main>{quoted}{planted}{folded}</main></body></html>'
    )
    found = foreign_to(read_page(phone))
    assert found and all("Ask the referee" in problem for problem in found), found  # the sentence, and its "the"
    assert any(problem.startswith("the other language's message 'Ask the referee'") for problem in found), found


def answered(phone: Page, words: Words, evening: str, question: str) -> None:
    """The desk of `evening` at `question`, asked the question test_results_in_view.py asks, its answer shown."""
    rows, _ = QUESTIONS[question]
    phone.goto(f"{evening}/desk/{question}")
    desk = DeskPage(phone, words).loaded()
    for label, cards in rows.items():
        desk.cards(label).fill(cards)
    desk.ask()


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_page_speaks_the_phones_language(
    new_context: Callable[..., BrowserContext], live_app: LiveApp, evening: PlayedEvening, words: Words
) -> None:
    phone = new_context(locale=words.locale).new_page()
    phone.set_viewport_size(NARROW)
    problems = []
    for stop, path in (STOPS | MORE_STOPS).items():
        phone.goto(path(evening))
        problems += [f"{stop}: {problem}" for problem in foreign_to(read_page(phone))]
    # The rulings are kept in the words they were asked in: each language asks in an evening of its own.
    desk = Scorer.on(live_app.database).evening(evening.players[:4])
    for question in QUESTIONS:
        answered(phone, words, desk, question)
        problems += [f"desk {question}, answered: {problem}" for problem in foreign_to(read_page(phone))]
    assert not problems, f"{len(problems)} words not in the phone's language:\n" + "\n".join(problems)
