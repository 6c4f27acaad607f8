"""The Kaiser worked examples of docs/rules.md §8, as data: the rules page shows each one's answer under any rules.

Team A is Ana and Céline, team B Ben and Driss.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.rules.kaiser import score_hand
from referee.rules.kaiser_events import KaiserHand, KaiserTeams
from referee.rules.kaiser_rules import KaiserRules
from referee.rules.words import N_, say, signed

TEAMS = KaiserTeams.from_json({"A": ["Ana", "Céline"], "B": ["Ben", "Driss"]})


@dataclass(frozen=True)
class KaiserExample:
    """One worked example: the hand in words, the scores before it, and the hand itself."""

    question: str  # English, marked with N_; shown with question_said()
    before: tuple[int, int]
    hand: KaiserHand

    def question_said(self) -> str:
        """The hand in words, in the language spoken now."""
        return say(self.question)

    def verdict(self, rules: KaiserRules) -> str:
        """Each team's change under `rules`, and the winner if the hand ends the game: `A +18, B −1`.

        >>> from referee.rules.families import rules_for
        >>> KAISER_EXAMPLES[0].verdict(rules_for("kaiser")), KAISER_EXAMPLES[4].verdict(rules_for("kaiser-pagat"))
        ('A +18, B −1', 'A +8, B +2; A reaches 52 and wins')
        """
        result = score_hand(rules, TEAMS, self.hand, self.before)
        changes = ", ".join(f"{team.team} {signed(team.change)}" for team in result.results)
        first = sorted(result.results, key=lambda team: team.team != result.bidding_team)  # both there: the bidder
        won = next((team for team in first if team.score >= rules.target), None)
        if won is None:
            return changes
        return say("{changes}; {team} reaches {score} and wins", changes=changes, team=won.team, score=won.score)


def _hand(bid: int, a_tricks: int, five: str, three: str, *, no_trump: bool = False) -> KaiserHand:  # pragma: no mutate
    """Ana's bid for team A, who took `a_tricks` (B the rest), and the teams that took the 5♥ and the 3♠."""
    tricks = (("A", a_tricks), ("B", 8 - a_tricks))  # pragma: no mutate
    return KaiserHand("Driss", "Ana", bid, no_trump, tricks, five, three)  # pragma: no mutate


KAISER_EXAMPLES = (
    KaiserExample(N_("A bids 7 and takes 6 tricks with the 5♥; B takes 2 with the 3♠"), (0, 0), _hand(7, 6, "A", "B")),
    KaiserExample(
        N_("A bids 9, takes 5 tricks with the 3♠ (2 points); B 3 tricks with the 5♥ (8)"),
        (0, 0),
        _hand(9, 5, "B", "A"),
    ),
    KaiserExample(
        N_("A bids 8 no trump, takes 7 tricks with the 5♥ (12); B 1 trick with the 3♠ (−2)"),
        (0, 0),
        _hand(8, 7, "A", "B", no_trump=True),
    ),
    KaiserExample(
        N_("A 30, B 46: A bids 7, takes 4 tricks with both the 5♥ and the 3♠ (6)"), (30, 46), _hand(7, 4, "A", "A")
    ),
    KaiserExample(N_("A 44, B 40: A bids 8 and takes 8 points"), (44, 40), _hand(8, 3, "A", "B")),
)
