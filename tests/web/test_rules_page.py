"""The rules page of every preset, Kaiser's included, and the rulebook's sentences on it and in each ruling.

The page reads at a card table: the rules at this table first, every option folded by topic, no code word where a
player reads (the codes wait in the folded "For the command line"), each sentence in its own language with its
gloss, the referee's own reading in the reader's language, and no card whose suit a seed lost written "?".
"""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser

import pytest

from referee.rules.options import OPTIONS, TOPICS
from referee.rules.presets import PRESETS
from referee.rules.sources import RULES_MD, quotes, quotes_for
from tests.web.conftest import Table
from tests.web.test_kaiser import kaiser_fields

VOID = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
ENGLISH = re.compile(r"\b(the|is|and|of|with|when|may|cards|players?)\b")
LOST_SUIT = re.compile(r"(?<![\w?])(?:10|[2-9AJQKRDV])\?")


class Read(HTMLParser):
    """What a reader sees of a page's `<main>`: its text, each piece with the language it is marked in."""

    def __init__(self, page_language: str) -> None:
        super().__init__()
        self.open: list[tuple[str, str | None, bool]] = []  # tag, lang, whether it is the command line's detail
        self.language = page_language
        self.pieces: list[tuple[str, str, bool]] = []  # text, its language, whether in the command line's detail

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        found = dict(attrs)
        self.open.append((tag, found.get("lang"), "command-line" in (found.get("class") or "")))

    def handle_endtag(self, tag: str) -> None:
        while self.open and self.open.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if not data.strip() or any(tag in ("script", "style", "template") for tag, _lang, _cli in self.open):
            return
        languages = [lang for _tag, lang, _cli in self.open if lang]
        command_line = any(cli for _tag, _lang, cli in self.open)
        self.pieces.append((data, languages[-1] if languages else self.language, command_line))

    def text(self, *, language: str | None = None, command_line: bool = False) -> str:
        """The text read (in `language` only, if given), with or without the command line's detail."""
        return " ".join(
            text
            for text, lang, cli in self.pieces
            if (language is None or lang == language) and (command_line or not cli)
        )


def read(table: Table, path: str, language: str = "en") -> Read:
    table.client.set_cookie("lang", language)
    page = table.get(path).get_data(as_text=True)
    reader = Read(language)
    reader.feed(page.split("<main>")[1].split("</main>")[0])
    return reader


def section(page: str, marker: str, end: str = '<div class="option') -> str:
    return page.split(marker)[1].split(end)[0]


@pytest.mark.parametrize("preset", PRESETS)
def test_every_presets_rules_page_shows_each_option_with_its_quotes(table: Table, preset: str) -> None:
    response = table.get(f"/rules/{preset}")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    for name in PRESETS[preset].option_names():
        option = re.sub(r"<[^>]*>", "", unescape(section(page, f'id="{preset}-{name}"')))
        for quote in quotes_for(name, preset):  # the referee's own reading without its codes and section numbers
            assert quote.shown in option, (name, quote.source)
            assert "`" not in quote.shown and "§" not in quote.shown
        assert f'data-source="{quotes_for(name, preset)[0].source}"' in section(page, f'id="{preset}-{name}"')


def test_the_page_opens_with_the_rules_at_this_table(table: Table) -> None:
    page = unescape(table.get("/rules/kaluki").get_data(as_text=True))
    main = page.split("<main>")[1]
    assert main.index("</h1>") < main.index('class="at-this-table"') < main.index("<details")
    assert re.search(r"</h1>\s*<section class=\"at-this-table\"", main)  # nothing between the title and the rules
    summary = main.split('class="at-this-table"')[1].split("</section>")[0]
    for line in (
        "Packs of cards: <strong>2</strong>",
        "Jokers in play: <strong>4</strong>",
        "Cards dealt to each player: <strong>13</strong>",
        "Points needed to open: <strong>40</strong>",
        "What cards left in hand count: <strong>ace 11, 10 to king 10, 2 to 9 at face value, joker 15</strong>",
        "Eliminated at: <strong>150 or more</strong>",
        "Buy-backs per player: <strong>2</strong>",
        "Chips to buy back in: <strong>5</strong>",
        "Chips each player puts in the pot: <strong>3</strong>",
    ):
        assert line in summary
    assert "Most cards in a run" not in summary  # what a dispute rarely needs waits in its topic


def test_every_option_is_folded_under_one_topic(table: Table) -> None:
    assert all(option.topic in TOPICS for option in OPTIONS.values())  # each option says where it is folded
    page = table.get("/rules/kaluki").get_data(as_text=True)
    assert "<details open" not in page and " open>" not in page
    topic = section(page, 'id="kaluki-topic-jokers"', "</details>")
    assert "<summary>Jokers</summary>" in topic and 'id="kaluki-joker_meld_value"' in topic
    worked = section(page, 'id="kaluki-worked"', "</details>")  # the worked examples, one tap away
    assert "<summary>Worked examples</summary>" in worked and "Q♦ K♦ A♦ 2♦" in worked


@pytest.mark.parametrize("preset", ["kaluki", "rami", "kaiser-pagat"])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_no_option_or_preset_code_outside_the_command_line_detail(table: Table, preset: str, language: str) -> None:
    reader = read(table, f"/rules/{preset}", language)
    shown = reader.text()
    # A name that is a word of the page's language ("packs", "target" in English, "jokers" in both) is a word there.
    codes = [name for name in OPTIONS if "_" in name or (language == "fr" and name != "jokers")]
    for name in codes:
        assert not re.search(rf"(?<![\w-]){name}(?![\w-])", shown), name
    assert not re.search(r"\b(kaluki-hunt|kaluki-club|rami-elimination|kaiser-pagat)\b", shown)
    command_line = reader.text(command_line=True)
    assert f"--preset {preset}" in command_line
    assert all(f"{name}=" in command_line for name in PRESETS[preset].option_names())


@pytest.mark.parametrize("preset", ["kaluki", "kaluki-hunt", "rami", "kaiser", "kaiser-pagat"])
def test_a_french_page_has_no_english_outside_an_element_marked_english(table: Table, preset: str) -> None:
    reader = read(table, f"/rules/{preset}", "fr")
    assert not ENGLISH.findall(reader.text(language="fr")), ENGLISH.findall(reader.text(language="fr"))[:5]


def test_the_referees_reading_is_read_in_the_readers_language(table: Table) -> None:
    reading = quotes()["run_max"][RULES_MD]
    table.client.set_cookie("lang", "fr")
    page = unescape(table.get("/rules/kaluki").get_data(as_text=True))
    option = section(page, 'id="kaluki-run_max"')
    assert '<blockquote lang="fr">Une suite ne tient jamais deux fois le même rang' in option
    assert reading.text not in page
    table.client.set_cookie("lang", "en")
    option = section(unescape(table.get("/rules/kaluki").get_data(as_text=True)), 'id="kaluki-run_max"')
    assert f'<blockquote lang="en">{reading.text}</blockquote>' in option
    assert "Une suite ne tient jamais" not in option


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("fr", "dame, roi, as, 2 (couleur perdue dans la source)"),
        ("en", "queen, king, ace, 2 (suit lost in the source)"),
    ],
)
def test_a_card_whose_suit_the_seed_lost_is_said_in_words(table: Table, language: str, said: str) -> None:
    reader = read(table, "/rules/kaluki", language)
    assert not LOST_SUIT.search(reader.text(command_line=True))
    assert said in reader.text()
    table.client.set_cookie("lang", language)
    option = section(unescape(table.get("/rules/kaluki").get_data(as_text=True)), 'id="kaluki-ace_wraps"')
    assert '<blockquote lang="fr">' in option  # the seed's sentence stays French
    assert ('<span lang="en">queen, king' in option) == (language == "en")  # the words said for an English reader


def test_the_kaiser_rules_page_shows_its_options_sources_and_worked_examples(table: Table) -> None:
    page = unescape(table.get("/rules/kaiser-pagat").get_data(as_text=True))
    assert "Lowest bid: <strong>6</strong>" in page.split('class="at-this-table"')[1].split("</section>")[0]
    assert "When everybody passes: <strong>the dealer must bid</strong>" in section(page, 'id="kaiser-pagat-all_pass"')
    assert "<code>min_bid=6</code>" in section(page, 'id="kaiser-pagat-command-line"', "</details>")
    assert "Source: The Kaiser rulebook: next dealer; pagat.com: dealer forced" in page
    shown = re.sub(r"<[^>]*>", " ", page.split("<main>")[1])  # what the reader sees, not the tags' data
    assert not re.search(r"\b00[0-3]\b", shown)  # sources by their names, never a number
    assert "le donneur suivant prend du service" in page  # 003's sentence, in French
    assert "And if no player has bid, everyone lays their cards down" in page  # with its English gloss
    assert "A bids 7 and takes 6 tricks with the 5♥; B takes 2 with the 3♠" in page
    assert "A +11, B −1" in page and "A +8, B +2; A reaches 52 and wins" in page
    assert "Ask the referee" not in page  # the desk referees melds: Kaiser has none
    assert 'href="/rules/kaiser" ' in page or 'href="/rules/kaiser">' in page


def test_an_unknown_preset_has_no_rules_page(table: Table) -> None:
    assert table.get("/rules/whist").status_code == 404


def test_a_french_reader_reads_the_french_seed_without_gloss_and_the_english_one_glossed(table: Table) -> None:
    table.client.set_cookie("lang", "fr")
    page = unescape(table.get("/rules/kaluki-hunt").get_data(as_text=True))
    hunt = section(page, 'id="kaluki-hunt-hunt_reward"')
    assert '<blockquote lang="en">Players who Hunt are rewarded with 40 points' in hunt
    assert '<span lang="fr">Qui fait un Hunt reçoit 40 points' in hunt
    target = unescape(table.get("/rules/kaiser").get_data(as_text=True)).split('id="kaiser-target"')[1]
    assert "La partie s’achèvera" in target.split("</figure>")[0]
    assert "The game ends when one of the teams" not in target.split("</figure>")[0]


def test_a_house_rule_is_marked_in_the_rules_at_this_table(table: Table) -> None:
    evening = table.evening(**{"house-opening_threshold": "51", "house-ace_wraps": "no"})
    table.client.set_cookie("lang", "fr")
    page = unescape(table.get(f"{evening}/rules").get_data(as_text=True))
    summary = page.split('class="at-this-table"')[1].split("</section>")[0]
    wraps, opening = re.findall(r'<li class="changed">(.*?)</li>', summary, re.S)  # in the options' order
    assert "Points pour la première pose\u00a0: <strong>51</strong>" in opening
    assert "règle de la maison" in opening and "(Kaluki\u00a0: 40)" in opening
    assert "As au milieu d’une suite (R A 2)\u00a0: <strong>non</strong>" in wraps  # not a setting shown otherwise
    notice = "Règles maison changées ici\u00a0: As au milieu d’une suite (R A 2), Points pour la première pose"
    assert notice in summary
    assert '<li class="changed">' not in page.split("</section>")[1]  # only the house rules are marked


def test_the_evening_rules_page_shows_its_kaiser_games_rules(table: Table) -> None:
    evening = table.evening("Ana\nBen\nCéline\nDriss")
    seats = {"preset": "kaiser-pagat", "first": "Ana", "second": "Ben", "partner": "Céline", "second_partner": "Driss"}
    response = table.post(f"{evening}/games", kaiser_fields({**seats, "dealer": "Driss", "house-target": "40"}))
    assert response.status_code == 303
    page = unescape(table.get(f"{evening}/rules").get_data(as_text=True))
    assert 'id="kaluki-run_max"' in page.split('id="game-1"')[0]  # the evening's own (rummy) rules
    game = page.split('id="game-1"')[1]
    assert "Game 1: Kaiser, pagat.com scoring" in game and "House rules changed here: Score that ends the game" in game
    summary = game.split('class="at-this-table"')[1].split("</section>")[0]
    assert re.search(r'<li class="changed">Score that ends the game: <strong>40</strong> <span class="house">', summary)
    assert 'id="game-1-min_bid"' in game and 'id="game-1-command-line"' in game
    assert "--preset kaiser-pagat --set target=40" in game
    assert "A +8, B +2; A reaches 52 and wins" in game  # A 44, B 40 before: both past 40, A bid and wins


def test_a_desk_ruling_quotes_the_sentence_of_the_rule_it_rests_on(table: Table) -> None:
    page = unescape(
        table.post("/desk/meld", {"rules": "kaluki", "cards": "3S 4S 5S 6S 7S 8S 9S 10S JS"}).get_data(as_text=True)
    )
    cite = page.split('class="cite"')[1]
    assert "Most cards in a run — 8, from the Kaluki rulebook" in cite
    assert "trois à huit cartes portant la même couleur" in cite  # 000's sentence
    assert re.search(r'data-source="000"', cite)
    table.client.set_cookie("lang", "fr")
    page = unescape(table.post("/desk/meld", {"rules": "rami", "cards": "5D JK JK 8D"}).get_data(as_text=True))
    cite = page.split('class="cite"')[1]
    assert "qu'un seul joker par combinaison" in cite and "There may be at most one joker" not in cite


def test_a_desk_ruling_gives_the_referees_reading_in_the_readers_language(table: Table) -> None:
    table.client.set_cookie("lang", "fr")
    page = unescape(
        table.post("/desk/meld", {"rules": "kaluki", "cards": "3S 4S 5S 6S 7S 8S 9S 10S JS"}).get_data(as_text=True)
    )
    cite = page.split('class="cite"')[1]
    assert '<blockquote lang="fr">Une suite ne tient jamais deux fois le même rang' in cite
    assert quotes()["run_max"][RULES_MD].text not in cite


@pytest.mark.parametrize(
    ("language", "label"),
    [
        ("en", "Points needed to open: <strong>40</strong>"),
        ("fr", "Points pour la première pose\u00a0: <strong>40</strong>"),
    ],
)
def test_every_option_is_named_in_a_player_s_words_its_code_only_for_the_command_line(
    table: Table, language: str, label: str
) -> None:
    table.client.set_cookie("lang", language)
    page = table.get("/rules/kaluki").get_data(as_text=True)
    assert label in section(page, 'id="kaluki-opening_threshold"')
    assert "<code>opening_threshold=40</code>" in section(page, 'id="kaluki-command-line"', "</details>")
    assert page.count("opening_threshold") == 2  # its anchor, and the command line's detail
