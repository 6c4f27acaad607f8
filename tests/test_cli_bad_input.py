"""Bad input at the command line (#13): every one exits 2 with one line on stderr, never a traceback."""

from __future__ import annotations

import contextlib
import json
import subprocess
import threading
from pathlib import Path
from typing import IO

import pytest

from referee.rules.record_data import LARGEST_RECORD
from tests.conftest import Outcome, Runner

DIGITS = "9" * 5000
EIGHTEEN = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS", "2H", "3H", "4H", "5H", "6H"]


def bad(done: Outcome, *words: str) -> None:
    assert done.code == 2, done
    assert done.out == ""
    assert len(done.err.splitlines()) == 1 and done.err.startswith("referee: "), done.err
    assert "Traceback" not in done.err
    for word in words:
        assert word in done.err


def game(*events: object, **keys: object) -> str:
    return json.dumps({"players": ["Ana", "Ben"], **keys, "events": list(events)})


# --- the command line -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("record", "words"),
    [
        pytest.param("[" * 100_000 + "]" * 100_000, ["the record nests too deeply"], id="deep nesting"),
        pytest.param(game({"type": []}), ["event 1: an event's type is a word, not []"], id='{"type": []}'),
        pytest.param(game({"type": {"a": 1}}), ["an event's type is a word"], id='{"type": {}}'),
        pytest.param(
            game({"type": "round", "winner": "Ana", "hands": {"Ben": 10**30}}), ["a number is too large"], id="10**30"
        ),
        pytest.param(
            '{"players": ["Ana", "Ben"], "events": [{"type": "round", "winner": "Ana", "hands": {"Ben": '
            + DIGITS
            + "}}]}",
            ["a number is too large"],
            id="5,000 digits",
        ),
        pytest.param('{"players": ["Ana", "\\ud800"]}', ["not Unicode (a lone surrogate)"], id="lone surrogate"),
        pytest.param('{"players": ["Ana", "Ben"], "events": [Infinity]}', ["Infinity is not a number"], id="Infinity"),
        pytest.param(
            game({"type": "round", "winner": "Ana", "hands": {"Ben": 999}}),
            ["event 1: Ben's hand cannot be worth 999 points: 14 cards cost at most 168 in Kaluki"],
            id="typo 999",
        ),
        pytest.param(
            game(
                {
                    "type": "round",
                    "winner": "Ana",
                    "hands": {
                        "Ben": ["2S"] * 2
                        + ["3S"] * 2
                        + ["4S"] * 2
                        + ["5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS", "2H", "3H"]
                    },
                }
            ),
            ["event 1: Ben's hand has 18 cards: a player holds at most 14"],
            id="18 cards",
        ),
        pytest.param(
            game({"type": "round", "winner": "Be\nn", "hands": {"Be\nn": 5, "Ana": 3}}, players=["Ana", "Be\nn"]),
            ["Be n won the round and so has no hand to count"],
            id="a name with a line break",
        ),
        pytest.param(json.dumps({"players": list("ABCDEF")}), ["kaluki is played by 2 to 5 players, not 6"], id="6"),
        pytest.param(game(options={"packs": 10**20}), ["a number is too large"], id="huge option"),
        pytest.param(game(options={"packs": 100}), ["packs takes a whole number from 1 to 8"], id="100 packs"),
    ],
)
def test_a_bad_record_exits_2_with_one_line(referee: Runner, tmp_path: Path, record: str, words: list[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(record, encoding="utf-8", errors="surrogatepass")
    bad(referee("replay", str(path)), *words)


def test_a_latin_1_file_is_refused_as_not_utf_8(referee: Runner, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(game(players=["Céline", "Ana"]).replace("\\u00e9", "é").encode("latin-1"))
    bad(referee("replay", str(path)), f"{path} is not UTF-8 text (byte 0xE9 at position", "save it as UTF-8")
    evening = {"format": "referee.evening/1", "chip_value": "0.10", "currency": "€", "games": []}
    path.write_bytes(json.dumps(evening, ensure_ascii=False).encode("cp1252"))
    bad(referee("settle", str(path)), "is not UTF-8 text (byte 0x80")


def test_a_utf_8_file_with_a_byte_order_mark_is_read(referee: Runner, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(game({"type": "round", "winner": "Ana", "hands": {"Ben": 5}}).encode("utf-8-sig"))
    assert referee("replay", "--json", str(path)).code == 0


def test_an_evening_with_a_huge_chip_value_is_refused(referee: Runner, tmp_path: Path) -> None:
    path = tmp_path / "evening.json"
    path.write_text(json.dumps({"format": "referee.evening/1", "chip_value": "1e400", "games": []}))
    bad(referee("settle", str(path)), "chip_value '1e400' must be from 0 to 1000, in whole cents")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        pytest.param(["check", "--set", f"run_max={DIGITS}", "9H", "9S", "JK"], ["run_max takes"], id="--set digits"),
        pytest.param(
            ["penalty", "--set", "jokers=99", "JK"], ["jokers takes a whole number from 0 to 16"], id="jokers"
        ),
        pytest.param(
            ["best", *EIGHTEEN],
            ["18 cards: the best arrangement is sought for 17 cards at most in kaluki (a hand holds 14)"],
            id="best of 18",
        ),
        pytest.param(["check", DIGITS], ["is not a card"], id="a 5,000-digit card"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(referee: Runner, args: list[str], words: list[str]) -> None:
    bad(referee(*args), *words)


def test_best_from_standard_input_refuses_latin_1_and_large_hands(referee_script: Runner) -> None:
    import subprocess

    from tests.conftest import REFEREE_SCRIPT

    for data, words in (
        (b"9C 9D 9H\n\xe9\n", ["line 2 is not UTF-8 text"]),
        (b"9C 9D 9H\n" + b"2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2H 3H 4H 5H 6H\n", ["line 2: 18 cards"]),
    ):
        done = subprocess.run([str(REFEREE_SCRIPT), "best", "-"], input=data, capture_output=True, check=False)
        err = done.stderr.decode()
        assert done.returncode == 2 and len(err.splitlines()) == 1, err
        assert len(done.stdout.decode().splitlines()) == 1  # the first hand was answered
        for word in words:
            assert word in err


def test_an_evening_without_games_still_settles(referee: Runner, tmp_path: Path) -> None:
    # The app imports an evening of 2 to 12 players only; `settle` reads any evening record (#13).
    path = tmp_path / "evening.json"
    path.write_text(json.dumps({"format": "referee.evening/1", "chip_value": "0.10", "games": []}))
    done = referee("settle", "--json", str(path))
    assert done.code == 0 and json.loads(done.out) == {"balances": {}, "payments": []}


# --- bounds (#22) -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["replay", "settle"])
def test_a_record_larger_than_the_import_s_cap_is_refused(referee: Runner, tmp_path: Path, command: str) -> None:
    path = tmp_path / "record.json"
    events = ",".join(['{"type": "void"}'] * (LARGEST_RECORD // 17))  # valid JSON, just past 2 MB
    path.write_text(f'{{"players": ["Ana", "Ben"], "events": [{events}]}}')
    assert path.stat().st_size > LARGEST_RECORD
    bad(referee(command, str(path)), f"{path} is larger than 2 MB, the most a record may be")


def test_a_record_of_the_cap_exactly_is_read(referee: Runner, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    text = game({"type": "round", "winner": "Ana", "hands": {"Ben": 5}})
    path.write_text(text + " " * (LARGEST_RECORD - len(text)))
    assert path.stat().st_size == LARGEST_RECORD
    assert referee("replay", str(path)).code == 0


@pytest.mark.parametrize("command", ["replay", "settle"])
def test_standard_input_is_read_no_further_than_the_cap(command: str) -> None:
    from tests.conftest import REFEREE_SCRIPT

    def feed(stream: IO[bytes]) -> None:
        with contextlib.suppress(OSError):  # the command stopped reading: the pipe is broken
            stream.write(b" " * (LARGEST_RECORD + 64 * 1024))

    # The stream stays open past the cap: a command that read to its end would wait for ever.
    pipe = subprocess.PIPE
    with subprocess.Popen([REFEREE_SCRIPT, command, "-"], bufsize=0, stdin=pipe, stdout=pipe, stderr=pipe) as reading:
        assert reading.stdin is not None and reading.stderr is not None
        feeder = threading.Thread(target=feed, args=(reading.stdin,), daemon=True)
        feeder.start()
        try:
            code = reading.wait(timeout=30)
        finally:
            reading.kill()
            feeder.join(timeout=5)
        err = reading.stderr.read().decode()
    assert code == 2 and err == "referee: standard input is larger than 2 MB, the most a record may be\n"
