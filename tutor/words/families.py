"""Classic and Modern American compared topic by topic, in words, from the rule sets.

Every number in a cell is read from a :class:`~tutor.engine.rules.RuleSet` or computed by the
engine itself (a canasta's bonus by ``canasta_bonus``, a penalty by ``score_hand``), and every
cell names the rules it rests on (RULES.md ids) and the house rules that change it: nothing
here restates a rule by hand, so a rule set played with other values (a house rule, another
preset) reads differently. The rows also say which rules of one family answer to which of the
other (:func:`counterparts`), for the rules look-up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from tutor.engine.cards import Card, parse_cards
from tutor.engine.melds import Meld, canasta_bonus
from tutor.engine.rule_ids import RULE_IDS
from tutor.engine.rules import OPTIONS_BY_ID, RuleSet, rule_set
from tutor.engine.scoring import PlayerTally, SideTally, incomplete_special_penalty, score_hand
from tutor.i18n import N_, NN_, Translator

Sentence = Callable[[RuleSet, Translator], str]


@dataclass(frozen=True, slots=True)
class Cell:
    """One family's answer to a topic: its words, its rules, and the house rules that change
    it (``options``), of which ``changed`` are played otherwise than the preset's default."""

    text: str
    rules: tuple[str, ...]
    options: tuple[str, ...]
    changed: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Topic:
    """A row of the comparison: its name, each family's rules, the options that change it and
    the sentence that says it for a rule set."""

    key: str
    title: str
    classic: tuple[str, ...]
    modern: tuple[str, ...]
    options: tuple[str, ...]
    sentence: Sentence
    by_players: tuple[tuple[int, tuple[str, ...]], ...] = ()  # Classic for 2 or 3: more rules


# ----- the words ----------------------------------------------------------------------------

# Translators: a cell of the table comparing Classic and Modern (players and deal); {players} a
# number of players (4), {deal} the cards each is dealt (11).
PARTNERS = NN_("{players} player in two partnerships; each is dealt {deal}.",
               "{players} players in two partnerships; each is dealt {deal}.")
# Translators: a cell of the comparison (players and deal), Classic for two; {deal} the cards
# each is dealt (15).
ALONE_TWO = N_("Two players, each alone; each is dealt {deal}.")
# Translators: a cell of the comparison (players and deal), Classic for three; {deal} the cards
# each is dealt (13).
ALONE_THREE = N_("Three players; each is dealt {deal}. The first to take the pile plays alone "
                 "against the other two.")
# Translators: the end of the comparison's players-and-deal cell: how the discard pile starts.
UPCARD = N_("The pile starts with a card turned up.")
# Translators: the end of the comparison's players-and-deal cell: how the discard pile starts.
NO_UPCARD = N_("The pile starts empty.")
# Translators: a cell of the comparison (drawing); {draw} the cards drawn from the stock (1 or 2).
DRAW = NN_("Draw {draw} card from the stock, or take the whole discard pile.",
           "Draw {draw} cards from the stock, or take the whole discard pile.")
# Translators: the end of the comparison's drawing cell when two cards are drawn.
DISCARD_ONE = N_("You still discard only one.")
# Translators: a cell of the comparison (threes), Classic; {each} a red three's points (100),
# {four} all four's (800).
CLASSIC_THREES = N_("Red threes are laid out and score {each} each, {four} for all four, minus "
                    "if your side has not melded. Black threes stay in the hand and stop the "
                    "next player from taking the pile.")
# Translators: the end of the Classic threes cell under the house rule that a black three
# freezes the pile.
BLACK_FREEZES = N_("A black three turned up or discarded freezes the pile.")
# Translators: a cell of the comparison (threes), Modern; {scale} the points for one to four
# threes of a colour, e.g. "100, 300, 500, 1,000".
MODERN_THREES = N_("Every three, red or black, is laid out. Each colour scores {scale} for one "
                   "to four: minus with no canasta, nothing with one, plus with two or more.")
# Translators: a cell of the comparison (initial meld), Classic; {table} the minimums by score,
# e.g. "15 below 0, 50 from 0, 90 from 1,500".
CLASSIC_INITIAL = N_("At least {table}. The pile's top card counts when you take it.")
# Translators: a cell of the comparison (initial meld), Modern; {table} the minimums by score,
# e.g. "125 below 3,000, 155 from 3,000, 180 from 5,000".
MODERN_INITIAL = N_("At least {table}. Only cards from your hand count.")
# Translators: part of the Modern initial-meld cell: what the first meld must contain (default).
NEEDS_CLEAN_OR_WILD = N_("It must include a meld of three natural cards without wild cards, or "
                         "a meld of wild cards.")
# Translators: part of the Modern initial-meld cell under a house rule.
NEEDS_CLEAN = N_("It must include a meld of three natural cards without wild cards.")
# Translators: part of the Modern initial-meld cell under a house rule.
NEEDS_THREE_NATURALS = N_("It must include a meld with three natural cards.")
# Translators: part of the Modern initial-meld cell: which canastas from the hand need no
# minimum (default).
EXEMPT_NATURAL_OR_WILD = N_("A natural or wild canasta from the hand needs no minimum.")
# Translators: part of the Modern initial-meld cell under a house rule.
EXEMPT_ANY = N_("Any canasta from the hand needs no minimum.")
# Translators: part of the Modern initial-meld cell under a house rule.
EXEMPT_NONE = N_("Even a canasta from the hand must reach the minimum.")
# Translators: part of the Modern initial-meld cell under the house rule of bonus cards.
TALON = N_("The first meld earns bonus cards from a talon.")
# Translators: one band of the initial-meld minimums; {need} the points needed, {upper} the score
# below which it holds, e.g. "15 below 0".
BAND_BELOW = N_("{need} below {upper}")
# Translators: one band of the initial-meld minimums; {need} the points needed, {floor} the
# score from which it holds, e.g. "90 from 1,500".
BAND_FROM = N_("{need} from {floor}")
# Translators: a cell of the comparison (melds and wild cards), Classic; {least} the natural
# cards a meld needs at least (2), {most} the wild cards it takes at most (3).
CLASSIC_MELDS = N_("Three or more cards of one rank, any number. Natural cards: at least "
                   "{least}; wild cards: at most {most}.")
# Translators: the end of the Classic melds cell under the house rule that wild cards never
# outnumber natural ones.
NO_MORE_WILD = N_("Wild cards may never outnumber natural cards.")
# Translators: a cell of the comparison (melds and wild cards), Modern; {size} the most cards a
# meld holds (7), {least} natural cards at least (2), {most} wild cards at most (2).
MODERN_MELDS = N_("Three or more cards of one rank, at most {size}. Natural cards: at least "
                  "{least}; wild cards: at most {most}. After the first meld a wild card goes "
                  "only into a meld with five natural cards.")
# Translators: a cell of the comparison (wild-card melds), Classic.
CLASSIC_WILD_MELDS = N_("Wild cards never form a meld of their own.")
# Translators: a cell of the comparison (wild-card melds), Modern; {low} and {high} the bonus of
# the cheapest and dearest wild canasta (2,000 and 3,000).
MODERN_WILD_MELDS = N_("Three to seven wild cards may form a meld; as a canasta it scores {low} "
                       "to {high}. While it is short of seven, no wild card goes elsewhere.")
# Translators: the end of the Modern wild-card melds cell under a house rule.
SECOND_WILD_MELD = N_("After a wild canasta, a second wild-card meld may be started.")
# Translators: a cell of the comparison (sevens and aces), Classic.
CLASSIC_SEVENS = N_("Ordinary ranks: they take wild cards like any other.")
# Translators: a cell of the comparison (sevens and aces), Modern; {bonus} a natural canasta of
# sevens or aces (2,500).
MODERN_SEVENS = N_("Sevens never take wild cards; aces take them only in the first meld. A "
                   "natural canasta of either scores {bonus}; short of seven it costs as much.")
# Translators: a cell of the comparison (taking the pile), Classic.
CLASSIC_PILE = N_("Meld its top card with a natural pair from your hand. While the pile is not "
                  "frozen against your side, one natural card and a wild card will do, or your "
                  "side's meld of that rank. A wild card in the pile freezes it.")
# Translators: a cell of the comparison (taking the pile), Classic, under the house rule that
# two cards from the hand are always needed.
CLASSIC_PILE_TWO = N_("Meld its top card with a natural pair from your hand. While the pile is "
                      "not frozen against your side, one natural card and a wild card will do. "
                      "A wild card in the pile freezes it.")
# Translators: a cell of the comparison (taking the pile), Modern.
MODERN_PILE = N_("Always only with a natural pair from your hand, never onto a meld of five or "
                 "more cards, and never when a wild card is on top.")
# Translators: a cell of the comparison (discarding), Classic.
CLASSIC_DISCARD = N_("Any card; a wild card freezes the pile.")
# Translators: a cell of the comparison (discarding), Modern.
MODERN_DISCARD = N_("Never a three. A wild card only to go out or when nothing else is left. "
                    "Onto an empty pile an ace or a seven only if you hold no other natural "
                    "card.")
# Translators: a cell of the comparison (going out), Classic; {needed} the canastas a side needs
# to go out (1 or 2), {bonus} the going-out bonus (100), {concealed} going out concealed (200).
CLASSIC_OUT = NN_("With {needed} canasta, by melding or discarding your last card. Bonus "
                  "{bonus}, {concealed} if concealed.",
                  "With {needed} canastas, by melding or discarding your last card. Bonus "
                  "{bonus}, {concealed} if concealed.")
# Translators: the end of the Classic going-out cell under the house rule that taking the pile
# forbids the concealed bonus.
NO_CONCEALED_AFTER_PILE = N_("No concealed bonus after taking the pile.")
# Translators: a cell of the comparison (going out), Modern; {needed} the canastas a side needs
# (2), {bonus} the going-out bonus (100).
MODERN_OUT = NN_("With {needed} canasta, always ending with a discard. Bonus {bonus}, nothing "
                 "extra for going out concealed.",
                 "With {needed} canastas, always ending with a discard. Bonus {bonus}, nothing "
                 "extra for going out concealed.")
# Translators: the end of the Modern going-out cell: the default that an incomplete special meld
# does not stop going out.
OUT_WITH_SPECIAL = N_("You may go out with an unfinished meld of aces, sevens or wild cards; it "
                      "is then penalised.")
# Translators: the end of the Modern going-out cell under the house rule that forbids it.
NOT_OUT_WITH_SPECIAL = N_("You may not go out while a meld of aces, sevens or wild cards is "
                          "unfinished.")
# Translators: a cell of the comparison (canasta bonuses), Classic; {natural} and {mixed} the
# bonuses (500 and 300).
CLASSIC_BONUSES = N_("Natural canasta {natural}, mixed canasta {mixed}.")
# Translators: a cell of the comparison (canasta bonuses), Modern; {natural}, {mixed} (500, 300),
# {special} sevens or aces (2,500), {low} to {high} the wild canastas (2,000 to 3,000).
MODERN_BONUSES = N_("Natural canasta {natural}, mixed canasta {mixed}; of sevens or aces "
                    "{special}; of wild cards {low} to {high}.")
# Translators: a cell of the comparison (penalties), Classic.
CLASSIC_PENALTIES = N_("Only the cards left in hand count against your side.")
# Translators: a cell of the comparison (penalties), Modern; {special} an unfinished meld of
# aces or sevens (2,500), {wild} an unfinished wild meld (2,000), {jokers} one with all four
# jokers, {kept} three aces or sevens left in a hand (1,500).
MODERN_PENALTIES = N_("An unfinished meld of aces or sevens costs {special}, of wild cards "
                      "{wild} ({jokers} with all four jokers). Three aces or three sevens left "
                      "in a hand cost {kept}. A side without a canasta loses its melded cards' "
                      "value.")
# Translators: a cell of the comparison (game target); {goal} the points that end the game.
TARGET = N_("The game ends when a side reaches {goal}.")

# ----- the sentences, each from a rule set ---------------------------------------------------


def _say(tr: Translator, template: str, **params: object) -> str:
    return tr.format(tr.gettext(template), template, **params)


def _plural(tr: Translator, template: tuple[str, str], n: int, **params: object) -> str:
    return tr.format(tr.ngettext(*template, n), template[n != 1], **params)


def _players(rules: RuleSet, tr: Translator) -> str:
    deal = tr.number(rules.deal_size)
    if rules.players == 2:
        first = _say(tr, ALONE_TWO, deal=deal)
    elif rules.players == 3:
        first = _say(tr, ALONE_THREE, deal=deal)
    else:
        first = _plural(tr, PARTNERS, rules.players, players=tr.number(rules.players),
                        deal=deal)
    return f"{first} {tr.gettext(UPCARD if rules.upcard else NO_UPCARD)}"


def _drawing(rules: RuleSet, tr: Translator) -> str:
    text = _plural(tr, DRAW, rules.draw_count, draw=tr.number(rules.draw_count))
    return f"{text} {tr.gettext(DISCARD_ONE)}" if rules.draw_count > 1 else text


def _threes(rules: RuleSet, tr: Translator) -> str:
    if rules.is_modern:
        scale = ", ".join(tr.number(threes_points(rules, count)) for count in range(1, 5))
        return _say(tr, MODERN_THREES, scale=scale)
    text = _say(tr, CLASSIC_THREES, each=tr.number(rules.red_three_value),
                four=tr.number(rules.four_red_threes_value))
    return f"{text} {tr.gettext(BLACK_FREEZES)}" if rules.black_three == "freezes" else text


def _table(rules: RuleSet, tr: Translator) -> str:
    bands = rules.minimum_table
    parts = [_say(tr, BAND_BELOW, need=tr.number(bands[0][1]), upper=tr.number(bands[1][0]))]
    parts += [_say(tr, BAND_FROM, need=tr.number(need), floor=tr.number(floor))
              for floor, need in bands[1:]]
    return ", ".join(parts)


def _initial(rules: RuleSet, tr: Translator) -> str:
    if not rules.is_modern:
        return _say(tr, CLASSIC_INITIAL, table=_table(rules, tr))
    needs = {"clean-or-wild": NEEDS_CLEAN_OR_WILD, "clean-only": NEEDS_CLEAN,
             "three-naturals": NEEDS_THREE_NATURALS}[rules.initial_meld_needs]
    exempt = {"natural-or-wild": EXEMPT_NATURAL_OR_WILD, "any": EXEMPT_ANY,
              "none": EXEMPT_NONE}[rules.canasta_exemption]
    parts = [_say(tr, MODERN_INITIAL, table=_table(rules, tr)), tr.gettext(needs),
             tr.gettext(exempt)]
    if rules.talon == "on":
        parts.append(tr.gettext(TALON))
    return " ".join(parts)


def _melds(rules: RuleSet, tr: Translator) -> str:
    least, most = tr.number(rules.min_naturals), tr.number(rules.max_wilds)
    if rules.is_modern:
        return _say(tr, MODERN_MELDS, size=tr.number(rules.max_meld_size or rules.canasta_size),
                    least=least, most=most)
    text = _say(tr, CLASSIC_MELDS, least=least, most=most)
    return (f"{text} {tr.gettext(NO_MORE_WILD)}" if rules.wild_limit == "no-more-wild-than-natural"
            else text)


def _wild_melds(rules: RuleSet, tr: Translator) -> str:
    if not rules.is_modern:
        return tr.gettext(CLASSIC_WILD_MELDS)
    low, high = wild_bonuses(rules)
    text = _say(tr, MODERN_WILD_MELDS, low=tr.number(low), high=tr.number(high))
    return f"{text} {tr.gettext(SECOND_WILD_MELD)}" if rules.second_wild_meld == "yes" else text


def _sevens(rules: RuleSet, tr: Translator) -> str:
    if not rules.is_modern:
        return tr.gettext(CLASSIC_SEVENS)
    return _say(tr, MODERN_SEVENS, bonus=tr.number(bonus_of(rules, "7C " * 7)))


def _pile(rules: RuleSet, tr: Translator) -> str:
    if rules.is_modern:
        return tr.gettext(MODERN_PILE)
    text = tr.gettext(CLASSIC_PILE if rules.pile_onto_meld == "allowed" else CLASSIC_PILE_TWO)
    return f"{text} {tr.gettext(BLACK_FREEZES)}" if rules.black_three == "freezes" else text


def _discarding(rules: RuleSet, tr: Translator) -> str:
    return tr.gettext(MODERN_DISCARD if rules.is_modern else CLASSIC_DISCARD)


def _going_out(rules: RuleSet, tr: Translator) -> str:
    needed, bonus = rules.canastas_to_go_out, tr.number(rules.going_out_bonus)
    if rules.is_modern:
        text = _plural(tr, MODERN_OUT, needed, needed=tr.number(needed), bonus=bonus)
        special = (OUT_WITH_SPECIAL if rules.out_with_incomplete_special == "allowed"
                   else NOT_OUT_WITH_SPECIAL)
        return f"{text} {tr.gettext(special)}"
    text = _plural(tr, CLASSIC_OUT, needed, needed=tr.number(needed), bonus=bonus,
                   concealed=tr.number(rules.concealed_bonus))
    return (f"{text} {tr.gettext(NO_CONCEALED_AFTER_PILE)}"
            if rules.concealed_after_pile == "no-bonus" else text)


def _bonuses(rules: RuleSet, tr: Translator) -> str:
    natural, mixed = bonus_of(rules, "KH " * 7), bonus_of(rules, "KH " * 5 + "2C 2D")
    if not rules.is_modern:
        return _say(tr, CLASSIC_BONUSES, natural=tr.number(natural), mixed=tr.number(mixed))
    low, high = wild_bonuses(rules)
    return _say(tr, MODERN_BONUSES, natural=tr.number(natural), mixed=tr.number(mixed),
                special=tr.number(bonus_of(rules, "AH " * 7)), low=tr.number(low),
                high=tr.number(high))


def _penalties(rules: RuleSet, tr: Translator) -> str:
    if not rules.is_modern:
        return tr.gettext(CLASSIC_PENALTIES)
    return _say(tr, MODERN_PENALTIES, special=tr.number(penalty_of(rules, "AH AS AD")),
                wild=tr.number(penalty_of(rules, "2C 2D 2H")),
                jokers=tr.number(penalty_of(rules, "JK JK JK JK")),
                kept=tr.number(held_penalty(rules)))


def _target(rules: RuleSet, tr: Translator) -> str:
    return _say(tr, TARGET, goal=tr.number(rules.target))


# ----- what the engine says the values are -------------------------------------------------


def _meld(cards: str) -> Meld:
    parsed = parse_cards(cards)
    ranks = {card.rank for card in parsed if not card.is_wild}
    return Meld(ranks.pop() if ranks else None, parsed)


@lru_cache(maxsize=256)
def bonus_of(rules: RuleSet, cards: str) -> int:
    """The canasta bonus the engine gives these seven cards (0: no canasta)."""
    found = canasta_bonus(_meld(cards), rules)
    return found[0] if found else 0


def wild_bonuses(rules: RuleSet) -> tuple[int, int]:
    """The lowest and highest bonus of a wild canasta (Modern)."""
    values = [bonus_of(rules, cards) for cards in ("JK 2C 2D 2H 2S 2C 2D", "2C 2D 2H 2S 2C 2D 2H",
                                                   "JK JK JK JK 2C 2D 2H")]
    return min(values), max(values)


@lru_cache(maxsize=256)
def penalty_of(rules: RuleSet, cards: str) -> int:
    """What the engine takes off for this meld left short of a canasta."""
    found = incomplete_special_penalty(_meld(cards), rules)
    return found[0] if found else 0


@lru_cache(maxsize=256)
def threes_points(rules: RuleSet, count: int) -> int:
    """What ``count`` red threes score for a side with two canastas (Modern, M-THREE-2)."""
    canastas = (_meld("KH " * 7), _meld("QH " * 7))
    side = SideTally((PlayerTally(0, threes=(Card.parse("3H"),) * count),), canastas)
    return score_hand(rules, (side,)).sides[0].kind_total("threes")


@lru_cache(maxsize=64)
def held_penalty(rules: RuleSet) -> int:
    """What three aces left in one hand cost beyond their values (Modern, M-SCORE-4)."""
    side = SideTally((PlayerTally(0, hand=parse_cards("AH AS AD")),))
    items = score_hand(rules, (side,)).sides[0].items
    return -sum(item.points for item in items if item.kind == "penalty")


# ----- the rows ------------------------------------------------------------------------------

TOPICS: tuple[Topic, ...] = (
    # Translators: a row of the table comparing Classic and Modern.
    Topic("players", N_("Players and deal"), ("C-SETUP-1", "C-SETUP-2", "C-DEAL-1", "C-DEAL-2"),
          ("M-SETUP-1", "M-DEAL-1"), (), _players,
          ((2, ("C2-1",)), (3, ("C3-1", "C3-3")))),
    # Translators: a row of the table comparing Classic and Modern.
    Topic("drawing", N_("Drawing"), ("C-TURN-2", "C-PILE-1"), ("M-TURN-2",), (), _drawing,
          ((2, ("C2-2", "C2-3")), (3, ("C3-2",)))),
    # Translators: a row of the table comparing Classic and Modern.
    Topic("threes", N_("Threes"), ("C-SETUP-3", "C-THREE-1", "C-THREE-2", "C-PILE-8"),
          ("M-DEAL-2", "M-THREE-1", "M-THREE-2"), ("V-C2", "V-C8"), _threes,
          ((3, ("C3-7",)),)),
    # Translators: a row of the table comparing Classic and Modern.
    Topic("initial", N_("The initial meld"), ("C-INIT-1", "C-INIT-2", "C-INIT-3", "C-INIT-5"),
          ("M-INIT-1", "M-INIT-2", "M-INIT-3", "M-INIT-4", "M-INIT-5"),
          ("V-M1", "V-M5", "V-M6"), _initial, ((3, ("C3-6",)),)),
    # Translators: a row of the table comparing Classic and Modern.
    Topic("melds", N_("Melds and wild cards"), ("C-MELD-1", "C-MELD-2", "C-MELD-4", "C-MELD-5"),
          ("M-MELD-1", "M-MELD-2", "M-MELD-3", "M-MELD-7"), ("V-C1",), _melds),
    # Translators: a row of the table comparing Classic and Modern.
    Topic("wild-melds", N_("Wild-card melds"), ("C-MELD-3",), ("M-MELD-6", "M-MELD-9"),
          ("V-M7",), _wild_melds),
    # Translators: a row of the table comparing Classic and Modern.
    Topic("sevens", N_("Sevens and aces"), ("C-MELD-7",),
          ("M-MELD-4", "M-MELD-5", "M-MELD-9", "M-SCORE-3"), (), _sevens),
    # Translators: a row of the table comparing Classic and Modern.
    Topic("pile", N_("Taking the pile"),
          ("C-PILE-2", "C-PILE-3", "C-PILE-4", "C-PILE-5", "C-PILE-6"),
          ("M-PILE-1", "M-PILE-2"), ("V-C5", "V-C2"), _pile),
    # Translators: a row of the table comparing Classic and Modern.
    Topic("discarding", N_("Discarding"), ("C-TURN-4",),
          ("M-DISC-1", "M-DISC-2", "M-DISC-3", "M-DISC-4"), (), _discarding),
    # Translators: a row of the table comparing Classic and Modern.
    Topic("going-out", N_("Going out"), ("C-OUT-1", "C-OUT-2", "C-OUT-4", "C-OUT-5"),
          ("M-OUT-1", "M-OUT-3", "M-OUT-4", "M-OUT-5"),
          ("V-C6", "V-C7", "V-C11", "V-M2", "V-M4", "V-M8"), _going_out,
          ((2, ("C2-4",)), (3, ("C3-8",)))),
    # Translators: a row of the table comparing Classic and Modern.
    Topic("bonuses", N_("Canasta bonuses"), ("C-MELD-5", "C-MELD-6"), ("M-MELD-9",), (),
          _bonuses),
    # Translators: a row of the table comparing Classic and Modern.
    Topic("penalties", N_("Penalties"), ("C-SCORE-1", "C-PEN-1"),
          ("M-SCORE-1", "M-SCORE-3", "M-SCORE-4"), ("V-M3",), _penalties),
    # Translators: a row of the table comparing Classic and Modern.
    Topic("target", N_("Game target"), ("C-GAME-1",), ("M-GAME-1",), ("V-C10",), _target,
          ((2, ("C2-8",)), (3, ("C3-9",)))),
)


def topic_rules(topic: Topic, rules: RuleSet) -> tuple[str, ...]:
    """The rules a cell rests on for this rule set (Classic for 2 or 3 adds its own)."""
    if rules.is_modern:
        return topic.modern
    extra = dict(topic.by_players).get(rules.players, ())
    return topic.classic + extra


def cell(topic: Topic, rules: RuleSet, tr: Translator) -> Cell:
    """One family's cell of a topic for a rule set, in the learner's language."""
    options = tuple(option for option in topic.options
                    if OPTIONS_BY_ID[option] in rules.applicable_options())
    base = rule_set(rules.preset)
    changed = tuple(option for option in options
                    if rules.option_value(option) != base.option_value(option))
    return Cell(topic.sentence(rules, tr), topic_rules(topic, rules), options, changed)


def compared(rule_sets: tuple[RuleSet, ...], tr: Translator
             ) -> list[tuple[Topic, tuple[Cell, ...]]]:
    """Every topic with each rule set's cell, in the order of the topics."""
    return [(topic, tuple(cell(topic, rules, tr) for rules in rule_sets)) for topic in TOPICS]


def counterparts(rule: str) -> tuple[str, ...]:
    """The rules of the other family that answer the same topics as ``rule`` (C-PILE-4: the
    Modern pile rules), in the order of the topics."""
    found: list[str] = []
    for topic in TOPICS:
        classic = topic.classic + tuple(r for _n, extra in topic.by_players for r in extra)
        if rule in classic:
            found += topic.modern
        elif rule in topic.modern:
            found += topic.classic
    return tuple(r for r in dict.fromkeys(found) if r != rule and r in RULE_IDS)


def is_modern_rule(rule: str) -> bool:
    return rule.startswith("M-") or rule.startswith("V-M")

