"""The first-game checklist: one A4 page for a learner about to sit at a real table.

What to do before the game (the deck, the seats, the deal), the first turn, the initial-meld
table, a few things to remember at the table and a score sheet to fill in by hand. Every number
comes from the rule set or the engine: the deck from ``full_deck``, who plays first from the
engine's own first deal, the minimums from ``minimum_table``, the threes' values from
``score_hand``; the texts are catalog entries, so a changed rule set prints otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fpdf import FPDF

from tutor.engine.cards import JOKER, full_deck, parse_cards
from tutor.engine.deal import new_game
from tutor.engine.rules import RuleSet
from tutor.engine.scoring import PlayerTally, SideTally, meld_from_text, score_hand
from tutor.engine.variants import yes_binds
from tutor.handout.drawing import (
    BODY,
    EDGE,
    FONT,
    INK,
    MUTED,
    RULE_LINE,
    SHADE,
    Block,
    Rule,
    Table,
    Text,
    _text_height,
    _write,
    full_width,
    heading,
    line_height,
    new_pdf,
    page,
)
from tutor.handout.summary import family_name, initial_table, topic_text
from tutor.i18n import N_, NN_, Translator
from tutor.words.explain import rule_title

# Translators: the subtitle of the first-game checklist (a one-page handout for a learner about
# to play at a real table); {players} a number of players, e.g. 4.
SUBTITLE = NN_("First-game checklist for {players} player",
               "First-game checklist for {players} players")
# Translators: the title of the first-game checklist's PDF file (its document properties).
TITLE = N_("First-game checklist")
# Translators: a heading of the first-game checklist: what to do before the first deal.
BEFORE = N_("Before the game")
# Translators: a heading of the first-game checklist: how the first turn of a hand goes.
FIRST_TURN = N_("The first turn")
# Translators: a heading of the first-game checklist: a few things to remember while playing.
AT_TABLE = N_("At the table")
# Translators: a heading of the first-game checklist: the score sheet to fill in by hand.
SCORE_SHEET = N_("Score sheet")
# Translators: a line of the first-game checklist; {packs} a number of packs (2), {pack} the
# cards in one pack (52), {jokers} a number of jokers (4), {cards} all the cards (108; the plural
# form follows it).
DECK = NN_("{packs} packs of {pack} cards and {jokers} jokers, shuffled together: {cards} card.",
           "{packs} packs of {pack} cards and {jokers} jokers, shuffled together: {cards} cards.")
# Translators: a line of the first-game checklist (four players); {players} a number (4).
PARTNERS = NN_("{players} player in two partnerships: partners sit opposite each other.",
               "{players} players in two partnerships: partners sit opposite each other.")
# Translators: a line of the first-game checklist (four players): choosing the partnerships.
DRAW_PARTNERS = N_("To choose partners, each player draws a card: the two highest play "
                   "together against the two lowest.")
# Translators: a line of the first-game checklist (two players); {players} a number (2).
ALONE = NN_("{players} player, each playing alone.", "{players} players, each playing alone.")
# Translators: a line of the first-game checklist (three players); {players} a number (3).
LONE_HAND = NN_("{players} player, each scoring alone. The first to take the pile plays alone "
                "against the other two, who play that hand as partners.",
                "{players} players, each scoring alone. The first to take the pile plays alone "
                "against the other two, who play that hand as partners.")
# Translators: a line of the first-game checklist: who deals the first hand, and the next.
FIRST_DEALER = N_("The highest card deals first. After every hand the deal passes to the left.")
# Translators: a line of the first-game checklist; {deal} the cards each player is dealt (11).
DEAL = NN_("The dealer deals {deal} card to each player, one at a time, clockwise, starting "
           "with the player on the left.",
           "The dealer deals {deal} cards to each player, one at a time, clockwise, starting "
           "with the player on the left.")
# Translators: a line of the first-game checklist; {stock} the cards left after the deal (64).
STOCK = NN_("The other {stock} card goes face down in the middle: the stock.",
            "The other {stock} cards go face down in the middle: the stock.")
# Translators: a line of the first-game checklist (Classic): red threes dealt to a player.
RED_THREES_DEALT = N_("A red three in your hand: lay it face up in front of you and take a card "
                      "from the stock in its place.")
# Translators: a line of the first-game checklist (Modern American): threes dealt to a player.
THREES_DEALT = N_("Every three in your hand, red or black: lay it face up in front of you and "
                  "take a card from the stock in its place.")
# Translators: a line of the first-game checklist (Classic): the card turned up after the deal.
UPCARD = N_("The top card of the stock is turned face up beside it: the discard pile. A wild "
            "card or a red three turned up gets another card on top, and the pile is frozen.")
# Translators: a line of the first-game checklist (Modern American): no card is turned up.
NO_UPCARD = N_("No card is turned up: the discard pile starts empty.")
# Translators: a line of the first-game checklist: who plays first and the direction of play.
STARTS_LEFT = N_("The player on the dealer's left plays first; play goes clockwise.")
# Translators: a line of the first-game checklist: a turn; {draw} the cards drawn (1 or 2).
TURN = NN_("Each turn: draw {draw} card from the stock or take the whole pile, meld if you can, "
           "then discard one card.",
           "Each turn: draw {draw} cards from the stock or take the whole pile, meld if you can, "
           "then discard one card.")
# Translators: a line of the first-game checklist (Classic): the first discard of the hand.
FIRST_DISCARD = N_("The first discard goes on top of the turned-up card.")
# Translators: a line of the first-game checklist (Modern American): the first discard.
FIRST_DISCARD_EMPTY = N_("The first discard starts the pile. Onto an empty pile, discard an ace "
                         "or a seven only if you hold no other natural card.")
# Translators: a line of the first-game checklist: asking the partner before going out, when
# the answer binds.
ASK_BINDING = N_("Before going out you may ask your partner: “May I go out?” After “yes” you "
                 "must go out, after “no” you may not this turn.")
# Translators: a line of the first-game checklist: asking the partner before going out, when
# only a "no" binds.
ASK_ADVISORY = N_("Before going out you may ask your partner: “May I go out?” After “no” you "
                  "may not go out this turn.")
# Translators: a line of the first-game checklist (Modern American): when the question is asked.
ASK_ONCE = N_("Ask it only once in a hand, straight after drawing.")
# Translators: a line of the first-game checklist (Classic): what freezes the pile.
FREEZES = N_("A wild card discarded freezes the pile: then it is taken only with a natural pair "
             "of its top card.")
# Translators: a line of the first-game checklist (Classic): the black three.
BLACK_THREE = N_("A black three on top of the pile: the next player may not take it.")
# Translators: a line of the first-game checklist (Modern American): taking the pile.
ALWAYS_FROZEN = N_("The pile is always frozen: it is taken only with a natural pair of its top "
                   "card, never while a wild card is on top.")
# Translators: a line of the first-game checklist: counting the first meld before laying it.
COUNT_FIRST = N_("Count your first meld before you lay it down: it must reach the minimum for "
                 "your side's score (the table above).")
# Translators: a line of the first-game checklist: going out; {needed} the canastas needed.
OUT_NEEDS = NN_("Going out needs {needed} canasta on your side.",
                "Going out needs {needed} canastas on your side.")
# Translators: a line of the first-game checklist: writing the score after every hand.
WRITE_SCORE = N_("After every hand, fill in the score sheet: the new total sets your next first "
                 "meld.")
# Translators: the heading of a hand on the first-game checklist's score sheet; {number} 1 to 8.
HAND_N = N_("Hand {number}")
# Translators: a column of the score sheet (four players): your partnership.
OUR_SIDE = N_("Your side")
# Translators: a column of the score sheet (four players): the other partnership.
THEIR_SIDE = N_("Opponents")
# Translators: a column of the score sheet (two or three players): your own score.
YOU = N_("You")
# Translators: a column of the score sheet (two players): the other player.
OPPONENT = N_("Opponent")
# Translators: a column of the score sheet (three players): the player on your left.
LEFT = N_("On your left")
# Translators: a column of the score sheet (three players): the player on your right.
RIGHT = N_("On your right")
# Translators: a line of the score sheet: the points of the cards in the side's melds.
MELDED = N_("Melded cards")
# Translators: the hint under "Melded cards" on the score sheet.
MELDED_HINT = N_("the points of every card in your melds")
# Translators: a line of the score sheet.
CANASTAS = N_("Canasta bonuses")
# Translators: a line of the score sheet (Classic).
RED_THREES = N_("Red threes")
# Translators: the hint under "Red threes" on the score sheet; {each} 100, {four} 800.
RED_THREES_HINT = N_("{each} each, {four} for all four; minus if your side has not melded")
# Translators: a line of the score sheet (Modern American).
THREES = N_("Threes")
# Translators: the hint under "Threes" on the score sheet; {scale} e.g. "100, 300, 500, 1,000".
THREES_HINT = N_("{scale} for one to four of a colour: plus with two canastas or more, nothing "
                 "with one, minus with none")
# Translators: a line of the score sheet.
GOING_OUT = N_("Going out")
# Translators: the hint under "Going out" on the score sheet (Classic); {bonus} 100, {concealed}
# 200.
GOING_OUT_HINT = N_("{bonus}, {concealed} if concealed")
# Translators: a line of the score sheet: the points of the cards left in the players' hands.
IN_HAND = N_("Cards left in hand")
# Translators: the hint under "Cards left in hand" on the score sheet.
MINUS = N_("minus their points")
# Translators: a line of the score sheet (Modern American): unfinished special melds and the like.
PENALTIES = N_("Penalties")
# Translators: the hint under "Penalties" on the score sheet (Modern American).
PENALTIES_HINT = N_("unfinished aces, sevens or wild cards; three aces or sevens in a hand")
# Translators: a line of the score sheet: the sum of the hand's lines.
HAND_TOTAL = N_("Hand total")
# Translators: a line of the score sheet: the running score of the game after the hand.
GAME_SCORE = N_("Game score")
# Translators: the hint under "Game score" on the score sheet; {target} e.g. 5,000.
GAME_SCORE_HINT = N_("the game ends at {target}")

HANDS = 8  # hands on the sheet; a first game to the target rarely needs more
SHEET_ROWS = 2  # the hands in two rows across the page


def _say(tr: Translator, message: str, **params: object) -> str:
    return tr.format(tr.gettext(message), message, **params)


def _say_n(tr: Translator, forms: tuple[str, str], n: int, **params: object) -> str:
    return tr.format(tr.ngettext(*forms, n), forms[n != 1], **params)


def deck_sizes() -> tuple[int, int, int, int]:
    """The packs, the cards of a pack, the jokers and every card of the engine's deck."""
    deck = full_deck()
    jokers = deck.count(JOKER)
    packs = max(deck.count(card) for card in deck if card is not JOKER)
    return packs, (len(deck) - jokers) // packs, jokers, len(deck)


def first_player_is_left_of_dealer(rules: RuleSet) -> bool:
    """Whether the engine's first deal gives the first turn to the dealer's left: the seat after
    the dealer, the one the deal starts with (C-DEAL-1, C-TURN-1, M-TURN-1)."""
    for dealer in range(rules.players):
        state = new_game(rules, dealer=dealer)
        if (state.turn - state.dealer) % rules.players != 1:
            return False
    return True


def modern_threes_scale(rules: RuleSet) -> tuple[int, ...]:
    """What one to four threes of a colour score for a side with two canastas (M-THREE-2), as
    the engine's ``score_hand`` counts them."""
    canastas = (meld_from_text("KH KS KD KC KH KS KD"), meld_from_text("QH QS QD QC QH QS QD"))
    scale = []
    for count in range(1, 5):
        side = SideTally((PlayerTally(0, (), parse_cards("3H 3D 3H 3D")[:count]),), canastas)
        scale.append(score_hand(rules, (side,)).sides[0].kind_total("threes"))
    return tuple(scale)


def before_the_game(rules: RuleSet, tr: Translator) -> list[str]:
    packs, pack, jokers, cards = deck_sizes()
    n = rules.players
    lines = [_say_n(tr, DECK, cards, packs=tr.number(packs), pack=tr.number(pack),
                    jokers=tr.number(jokers), cards=tr.number(cards))]
    if rules.has_partners:
        lines += [_say_n(tr, PARTNERS, n, players=tr.number(n)), tr.gettext(DRAW_PARTNERS)]
    elif n == 3:
        lines.append(_say_n(tr, LONE_HAND, n, players=tr.number(n)))
    else:
        lines.append(_say_n(tr, ALONE, n, players=tr.number(n)))
    stock = cards - n * rules.deal_size
    lines += [tr.gettext(FIRST_DEALER),
              _say_n(tr, DEAL, rules.deal_size, deal=tr.number(rules.deal_size)),
              _say_n(tr, STOCK, stock, stock=tr.number(stock)),
              tr.gettext(THREES_DEALT if rules.is_modern else RED_THREES_DEALT)]
    return lines


def first_turn(rules: RuleSet, tr: Translator) -> list[str]:
    if not first_player_is_left_of_dealer(rules):
        raise AssertionError("the checklist says the dealer's left plays first; the engine not")
    return [tr.gettext(UPCARD if rules.upcard else NO_UPCARD), tr.gettext(STARTS_LEFT),
            _say_n(tr, TURN, rules.draw_count, draw=tr.number(rules.draw_count)),
            tr.gettext(FIRST_DISCARD if rules.upcard else FIRST_DISCARD_EMPTY)]


def at_the_table(rules: RuleSet, tr: Translator) -> list[str]:
    lines = []
    if rules.players > 2:  # partners, fixed or (three players) for the hand
        ask = tr.gettext(ASK_BINDING if yes_binds(rules) else ASK_ADVISORY)
        if rules.is_modern and rules.ask_once_per == "player":
            ask = f"{ask} {tr.gettext(ASK_ONCE)}"
        lines.append(ask)
    if rules.is_modern:
        lines.append(tr.gettext(ALWAYS_FROZEN))
    else:
        lines += [tr.gettext(FREEZES), tr.gettext(BLACK_THREE)]
    needed = rules.canastas_to_go_out
    lines += [tr.gettext(COUNT_FIRST), _say_n(tr, OUT_NEEDS, needed, needed=tr.number(needed)),
              tr.gettext(WRITE_SCORE)]
    return lines


@dataclass(frozen=True, slots=True)
class Line:
    """A line of the score sheet: its name, a hint in small type, and whether it is a sum."""

    label: str
    hint: str = ""
    total: bool = False


def sheet_lines(rules: RuleSet, tr: Translator) -> tuple[Line, ...]:
    """The lines of a hand as they are written on paper, in the order of the engine's items."""
    lines = [Line(tr.gettext(MELDED), tr.gettext(MELDED_HINT)),
             Line(tr.gettext(CANASTAS), topic_text("bonuses", rules, tr))]
    if rules.is_modern:
        scale = ", ".join(tr.number(points) for points in modern_threes_scale(rules))
        lines.append(Line(tr.gettext(THREES), _say(tr, THREES_HINT, scale=scale)))
        lines.append(Line(tr.gettext(GOING_OUT),
                          tr.number(rules.going_out_bonus)))
    else:
        lines.append(Line(tr.gettext(RED_THREES), _say(
            tr, RED_THREES_HINT, each=tr.number(rules.red_three_value),
            four=tr.number(rules.four_red_threes_value))))
        lines.append(Line(tr.gettext(GOING_OUT), _say(
            tr, GOING_OUT_HINT, bonus=tr.number(rules.going_out_bonus),
            concealed=tr.number(rules.concealed_bonus))))
    lines.append(Line(tr.gettext(IN_HAND), tr.gettext(MINUS)))
    if rules.is_modern:
        lines.append(Line(tr.gettext(PENALTIES), tr.gettext(PENALTIES_HINT)))
    lines += [Line(tr.gettext(HAND_TOTAL), total=True),
              Line(tr.gettext(GAME_SCORE), _say(tr, GAME_SCORE_HINT,
                                                target=tr.number(rules.target)), total=True)]
    return tuple(lines)


def sheet_sides(rules: RuleSet, tr: Translator) -> tuple[str, ...]:
    """The columns of a hand: one per side that keeps a score (C3-6: each of three alone)."""
    if rules.has_partners:
        return tr.gettext(OUR_SIDE), tr.gettext(THEIR_SIDE)
    if rules.players == 3:
        return tr.gettext(YOU), tr.gettext(LEFT), tr.gettext(RIGHT)
    return tr.gettext(YOU), tr.gettext(OPPONENT)


# ----- blocks of this page -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Check:
    """A line to tick: an empty box, then the text wrapped beside it."""

    text: str
    gap: float = 1.0

    def _box(self, scale: float) -> float:
        return BODY * scale * 0.3528 * 0.8

    def height(self, pdf: FPDF, width: float, scale: float) -> float:
        indent = self._box(scale) * 1.8
        return (_text_height(pdf, self.text, width - indent, BODY * scale)
                + self.gap * scale)

    def draw(self, pdf: FPDF, x: float, y: float, width: float, scale: float) -> float:
        box = self._box(scale)
        pdf.set_draw_color(*EDGE)
        pdf.set_line_width(0.25)
        top = y + (line_height(BODY * scale) - box) / 2
        pdf.rect(x, top, box, box)
        used = _write(pdf, self.text, x + box * 1.8, y, width - box * 1.8, BODY * scale)
        return used + self.gap * scale


@dataclass(frozen=True, slots=True)
class SideBySide:
    """Two lists of blocks side by side in one column: the taller says the height."""

    left: tuple[Block, ...]
    right: tuple[Block, ...]
    gutter: float = 7.0

    def _width(self, width: float) -> float:
        return (width - self.gutter) / 2

    def height(self, pdf: FPDF, width: float, scale: float) -> float:
        half = self._width(width)
        return max(sum(b.height(pdf, half, scale) for b in blocks)
                   for blocks in (self.left, self.right))

    def draw(self, pdf: FPDF, x: float, y: float, width: float, scale: float) -> float:
        half = self._width(width)
        bottoms = []
        for left, blocks in ((x, self.left), (x + half + self.gutter, self.right)):
            top = y
            for block in blocks:
                top += block.draw(pdf, left, top, half, scale)
            bottoms.append(top)
        return max(bottoms) - y


@dataclass(frozen=True, slots=True)
class Sheet:
    """A row of hands of the score sheet: the lines' names down the left, then for each hand a
    column per side, with room to write a score in every cell."""

    lines: tuple[Line, ...]
    sides: tuple[str, ...]
    hands: tuple[str, ...]
    label_share: float = 0.27
    cell: float = 7.0  # millimetres of writing room in a cell, at scale 1
    pad: float = 0.9
    gap: float = 3.0

    def _label_width(self, width: float) -> float:
        return width * self.label_share

    def _hint_size(self, scale: float) -> float:
        return BODY * 0.72 * scale

    def _side_size(self, pdf: FPDF, column: float, scale: float) -> float:
        """The sides' names small enough that no word of them is broken (Motstanderne)."""
        size = BODY * 0.8 * scale
        pdf.set_font(FONT, "", size)
        widest = max(pdf.get_string_width(word) for side in self.sides for word in side.split())
        return min(size, size * (column - 2 * self.pad * scale) / widest) if widest else size

    def _heights(self, pdf: FPDF, width: float, scale: float) -> list[float]:
        """The heading row of the hands, the row of the sides, then each line."""
        pad, size = self.pad * scale, BODY * 0.9 * scale
        label = self._label_width(width) - 2 * pad
        column = (width - self._label_width(width)) / (len(self.hands) * len(self.sides))
        heights = [line_height(size) + 2 * pad,
                   max(_text_height(pdf, side, column - 2 * pad,
                                    self._side_size(pdf, column, scale))
                       for side in self.sides) + 2 * pad]
        for line in self.lines:
            words = _text_height(pdf, line.label, label, size, "B")
            if line.hint:
                words += _text_height(pdf, line.hint, label, self._hint_size(scale))
            heights.append(max(words + 2 * pad, self.cell * scale))
        return heights

    def height(self, pdf: FPDF, width: float, scale: float) -> float:
        return sum(self._heights(pdf, width, scale)) + self.gap * scale

    def draw(self, pdf: FPDF, x: float, y: float, width: float, scale: float) -> float:
        pad, size = self.pad * scale, BODY * 0.9 * scale
        heights = self._heights(pdf, width, scale)
        label = self._label_width(width)
        hand = (width - label) / len(self.hands)
        column = hand / len(self.sides)
        bottom = y + sum(heights)
        pdf.set_fill_color(*SHADE)
        pdf.rect(x, y, width, heights[0] + heights[1], style="F")
        top = y + heights[0] + heights[1]
        for line, high in zip(self.lines, heights[2:], strict=True):
            if line.total:
                pdf.rect(x, top, width, high, style="F")
            top += high
        # the words
        for number, name in enumerate(self.hands):
            _write(pdf, name, x + label + number * hand + pad, y + pad, hand - 2 * pad, size, "B")
            for index, side in enumerate(self.sides):
                _write(pdf, side, x + label + number * hand + index * column + pad,
                       y + heights[0] + pad, column - 2 * pad,
                       self._side_size(pdf, column, scale), "", MUTED)
        top = y + heights[0] + heights[1]
        for line, high in zip(self.lines, heights[2:], strict=True):
            used = _write(pdf, line.label, x + pad, top + pad, label - 2 * pad, size, "B")
            if line.hint:
                _write(pdf, line.hint, x + pad, top + pad + used, label - 2 * pad,
                       self._hint_size(scale), "", MUTED)
            top += high
        # the grid: thin lines between rows and sides, thick ones around each hand
        pdf.set_draw_color(*RULE_LINE)
        pdf.set_line_width(0.2)
        top = y + heights[0]
        for high in heights[1:]:
            pdf.line(x, top, x + width, top)
            top += high
        for number in range(len(self.hands)):
            for index in range(1, len(self.sides)):
                left = x + label + number * hand + index * column
                pdf.line(left, y + heights[0], left, bottom)
        pdf.set_draw_color(*INK)
        pdf.set_line_width(0.4)
        pdf.rect(x, y, width, bottom - y)
        for number in range(len(self.hands)):
            left = x + label + number * hand
            pdf.line(left, y, left, bottom)
        return bottom - y + self.gap * scale


def score_sheets(rules: RuleSet, tr: Translator) -> list[Block]:
    """The sheet's hands in rows across the page, each row a :class:`Sheet`; the lines' hints
    (the values to write) in the first row only."""
    lines, sides = sheet_lines(rules, tr), sheet_sides(rules, tr)
    per_row = HANDS // SHEET_ROWS if len(sides) == 2 else 3
    names = [_say(tr, HAND_N, number=tr.number(n)) for n in range(1, per_row * SHEET_ROWS + 1)]
    bare = tuple(Line(line.label, total=line.total) for line in lines)  # hints said once
    return [Sheet(lines if start == 0 else bare, sides, tuple(names[start:start + per_row]))
            for start in range(0, len(names), per_row)]


def _checks(lines: Sequence[str]) -> list[Block]:
    return [Check(line) for line in lines]


def draw(pdf: FPDF, rules: RuleSet, tr: Translator) -> float:
    """The checklist page; its scale is returned."""
    header: list[Block] = [
        Text(tr.gettext(family_name(rules)), size=2.0, bold=True, gap=0.5),
        Text(_say_n(tr, SUBTITLE, rules.players, players=tr.number(rules.players)), size=1.1,
             muted=True, gap=1.5),
    ]
    initial = "M-INIT-1" if rules.is_modern else "C-INIT-1"
    left: list[Block] = [heading(tr.gettext(BEFORE), 1.1), *_checks(before_the_game(rules, tr)),
                         Rule(0.8),
                         heading(tr.gettext(FIRST_TURN), 1.1), *_checks(first_turn(rules, tr))]
    right: list[Block] = [heading(rule_title(initial, tr), 1.1),
                          Table(initial_table(rules, tr), (3, 2), gap=2.5),
                          heading(tr.gettext(AT_TABLE), 1.1), *_checks(at_the_table(rules, tr))]
    body: list[Block] = [SideBySide(tuple(left), tuple(right)), Rule(1.2),
                         heading(tr.gettext(SCORE_SHEET), 1.1), *score_sheets(rules, tr)]
    return page(pdf, header, full_width(body))


def document(rules: RuleSet, tr: Translator) -> tuple[FPDF, float]:
    """The checklist of ``rules`` in ``tr``'s language, and the scale its page was fitted at."""
    title = f"{tr.gettext(family_name(rules))}: {tr.gettext(TITLE)}"
    pdf = new_pdf(title, tr.lang)
    return pdf, draw(pdf, rules, tr)

