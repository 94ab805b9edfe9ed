"""The points quiz: questions as cards (a hand left over, a first meld, a side's melds and
threes), and the engine's answers on the page after (the back, printed on both sides).

The questions are data; every answer is the engine's: ``score_hand`` for a side's points (each
line of its breakdown in words), ``minimum_for`` and the melds' card points for a first meld.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from fpdf import FPDF

from tutor.engine.cards import Card, parse_cards
from tutor.engine.melds import Meld
from tutor.engine.rules import Family, RuleSet
from tutor.engine.scoring import PlayerTally, ScoreItem, SideTally, meld_from_text, score_hand
from tutor.handout.drawing import Block, Cards, Rule, Text, full_width, page
from tutor.handout.summary import family_name
from tutor.i18n import N_, NN_, Translator
from tutor.words.explain import explain_item
from tutor.words.names import rank_label


class Kind(enum.Enum):
    HAND = "hand"  # what the cards left in the hand cost
    INITIAL = "initial"  # whether melds make the initial meld at a score
    SIDE = "side"  # what a side scores for the hand


@dataclass(frozen=True, slots=True)
class Question:
    """What a question shows: the side's melds, threes and the reader's hand left over."""

    kind: Kind
    melds: tuple[Meld, ...] = ()
    hand: tuple[Card, ...] = ()
    threes: tuple[Card, ...] = ()
    went_out: bool = False
    score: int = 0  # the side's score before the hand (initial-meld questions)

    def tally(self) -> SideTally:
        """The side as the engine scores it: the reader's seat holds the hand and threes."""
        return SideTally((PlayerTally(0, self.hand, self.threes),), self.melds, self.went_out)


@dataclass(frozen=True, slots=True)
class Answer:
    """The engine's answer: a side's points and their breakdown, or (a first meld) the melds'
    points, the minimum needed and whether they reach it."""

    points: int
    items: tuple[ScoreItem, ...] = ()
    needed: int | None = None

    @property
    def enough(self) -> bool:
        return self.needed is not None and self.points >= self.needed


def _question(kind: Kind, melds: tuple[str, ...] = (), hand: str = "", threes: str = "",
              *, went_out: bool = False, score: int = 0) -> Question:
    return Question(kind, tuple(meld_from_text(m) for m in melds), parse_cards(hand),
                    parse_cards(threes), went_out, score)


QUESTIONS: dict[Family, tuple[Question, ...]] = {
    Family.CLASSIC: (
        _question(Kind.HAND, hand="JK 2C AH KS 7D 4C 3S"),
        _question(Kind.INITIAL, ("KH KS KD 2C", "9C 9D 9H"), score=1600),
        _question(Kind.SIDE, ("QH QS QD QC QH QS QD",)),
        _question(Kind.SIDE, ("8H 8S 8D 8C 8H 2C JK",)),
        _question(Kind.SIDE, ("KH KS KD KC KH KS KD", "AH AS 2D"), threes="3H 3D",
                  went_out=True),
        _question(Kind.SIDE, threes="3H 3D 3H 3D"),
    ),
    Family.MODERN: (
        _question(Kind.HAND, hand="JK AH AS AD 7D 3S"),
        _question(Kind.INITIAL, ("KH KS KD 2C JK", "AH AS AD"), score=3200),
        _question(Kind.SIDE, ("7H 7S 7D 7C 7H 7S 7D", "KH KS KD KC KH KS 2D")),
        _question(Kind.SIDE, ("JK JK 2C 2D 2H 2S 2C",)),
        _question(Kind.SIDE, ("KH KS KD KC KH KS KD", "AH AS AD AC")),
        _question(Kind.SIDE, ("QH QS QD QC QH QS QD", "9C 9D 9H 9S 9C 9D JK"),
                  threes="3H 3D 3S", went_out=True),
    ),
}


def answer(question: Question, rules: RuleSet) -> Answer:
    """The engine's answer to a question under these rules."""
    if question.kind is Kind.INITIAL:
        return Answer(sum(meld.points for meld in question.melds), (),
                      rules.minimum_for(question.score))
    side = score_hand(rules, (question.tally(),)).sides[0]
    return Answer(side.total, side.items)


def quiz(rules: RuleSet) -> tuple[tuple[Question, Answer], ...]:
    return tuple((q, answer(q, rules)) for q in QUESTIONS[rules.family])


# ----- the words -----------------------------------------------------------------------------

# Translators: the heading of a handout's quiz page.
TITLE = N_("Points quiz")
# Translators: under the heading of a handout's quiz page (the page is printed on both sides).
ON_THE_BACK = N_("The answers are on the back.")
# Translators: the heading of a handout's page of answers to the points quiz.
ANSWERS = N_("Points quiz: the answers")
# Translators: a question of a handout's points quiz, above the cards left in the reader's hand.
ASK_HAND = N_("The hand ends with these cards left in your hand. What do they count for your "
              "side?")
# Translators: a question of a handout's points quiz, above two melds; {score} the side's score
# so far, e.g. 1,600 (a score, not a count).
ASK_INITIAL = N_("Your side's score is {score} and it has not melded yet. Do these melds from "
                 "your hand make the initial meld?")
# Translators: part of a question of a handout's points quiz, above the melds drawn.
SIDE_MELDS = N_("Your side ends the hand with these melds.")
# Translators: part of a question of a handout's points quiz: the side has laid out threes
# (drawn after the melds).
SIDE_THREES = N_("Your side has laid out these threes.")
# Translators: part of a question of a handout's points quiz.
SIDE_OUT = N_("You went out, not concealed.")
# Translators: the end of a question of a handout's points quiz.
ASK_SIDE = N_("What does your side score for this hand?")
# Translators: the answer to a first-meld question of the points quiz; {points} the melds'
# points (e.g. 80: what the melds count), {needed} the minimum (e.g. 90).
ENOUGH = N_("{points}: enough, the minimum is {needed}.")
# Translators: the answer to a first-meld question of the points quiz; {points} the melds'
# points (e.g. 80: what the melds count), {needed} the minimum (e.g. 90).
NOT_ENOUGH = N_("{points}: not enough, the minimum is {needed}.")
# Translators: the total answer to a question of the points quiz; {points} a signed number,
# e.g. +930 or −115.
TOTAL = NN_("{points} point", "{points} points")
# Translators: a line of an answer of the points quiz (the breakdown); {cards} a number of cards.
HAND_LEFT = NN_("{cards} card left in your hand", "{cards} cards left in your hand")
# Translators: a line of an answer of the points quiz (Modern's penalty); {held} a number of
# cards (3), {rank} the rank's name in that number ("ace", "aces").
HELD = NN_("{held} {rank} left in your hand", "{held} {rank} left in your hand")


def signed(points: int, tr: Translator) -> str:
    """+930, −115, ±0 as the breakdown writes them."""
    sign = "+" if points > 0 else ("−" if points < 0 else "±")
    return f"{sign}{tr.number(abs(points))}"


def prompt(question: Question, tr: Translator) -> str:
    if question.kind is Kind.HAND:
        return tr.gettext(ASK_HAND)
    if question.kind is Kind.INITIAL:
        return tr.format(tr.gettext(ASK_INITIAL), ASK_INITIAL, score=question.score)
    parts = [SIDE_MELDS] if question.melds else []
    parts += [SIDE_THREES] if question.threes else []
    parts += [SIDE_OUT] if question.went_out else []
    return " ".join(tr.gettext(part) for part in (*parts, ASK_SIDE))


def item_line(item: ScoreItem, tr: Translator) -> str:
    """One line of a breakdown, for the reader's own side and hand (never a seat number)."""
    params = item.reason.param_map
    if item.kind == "hand":
        cards = int(str(params["cards"]))
        label = tr.format(tr.ngettext(*HAND_LEFT, cards), HAND_LEFT[cards != 1], cards=cards)
    elif "seat" in params and "rank" in params:
        held = int(str(params.get("held", 3)))
        label = tr.format(tr.ngettext(*HELD, held), HELD[held != 1], held=held,
                          rank=rank_label(str(params["rank"]), tr, held))
    else:  # the reader's own hand, as above
        seat = params.get("seat")
        own = seat if isinstance(seat, int) and not isinstance(seat, bool) else 0
        label = explain_item(item, tr, own, max(own + 1, 2)).label
    return f"{signed(item.points, tr)}  {label}"


def answer_lines(answer: Answer, tr: Translator) -> tuple[str, tuple[str, ...]]:
    """The answer in words: its headline and the breakdown's lines."""
    if answer.needed is not None:
        template = ENOUGH if answer.enough else NOT_ENOUGH
        return tr.format(tr.gettext(template), template, points=answer.points,
                         needed=answer.needed), ()
    total = tr.format(tr.ngettext(*TOTAL, abs(answer.points)), TOTAL[abs(answer.points) != 1],
                      points=signed(answer.points, tr))
    return total, tuple(item_line(item, tr) for item in answer.items)


def _groups(question: Question) -> tuple[tuple[tuple[Card, ...], str], ...]:
    return tuple((cards, "") for cards in (*(m.cards for m in question.melds), question.threes,
                                           question.hand) if cards)


def draw_questions(pdf: FPDF, rules: RuleSet, tr: Translator) -> float:
    header = [Text(tr.gettext(TITLE), size=1.8, bold=True, gap=0.5),
              Text(f"{tr.gettext(family_name(rules))} · {tr.gettext(ON_THE_BACK)}", size=1.1,
                   muted=True, gap=3.0)]
    blocks: list[Block] = []
    for number, (question, _answer) in enumerate(quiz(rules), start=1):
        fan = 0.62 if question.melds else 0.0  # the rank of each card shows, "JK" too
        blocks += [Text(f"{number}. {prompt(question, tr)}", size=1.1, gap=1.5),
                   Cards(_groups(question), card_width=8.0, fan=fan, gap=2.0), Rule(1.5)]
    return page(pdf, header, full_width(blocks))


def draw_answers(pdf: FPDF, rules: RuleSet, tr: Translator) -> float:
    header = [Text(tr.gettext(ANSWERS), size=1.8, bold=True, gap=0.5),
              Text(tr.gettext(family_name(rules)), size=1.1, muted=True, gap=3.0)]
    blocks: list[Block] = []
    for number, (_question, worked) in enumerate(quiz(rules), start=1):
        headline, lines = answer_lines(worked, tr)
        blocks.append(Text(f"{number}. {headline}", size=1.1, bold=True, gap=1.0))
        blocks += [Text(line, gap=0.6) for line in lines]
        blocks.append(Rule(1.5))
    return page(pdf, header, full_width(blocks))
