"""Score calculator: the itemized score of an end of hand under any preset, the same hand under the
other family, and the running game with the next hand's minimum initial meld.

The calculator has no learner's seat: it tells the hand from seat 0's chair, so its sides and
fields carry the card table's names ("Your side", "Cards left in your partner's hand"), never
seat numbers."""

from __future__ import annotations

from collections import Counter
from typing import Any

import streamlit as st

from tutor.engine import TutorError
from tutor.engine.cards import DECK_COUNTS, parse_cards, sorted_cards
from tutor.engine.compare import score_both
from tutor.engine.rules import PRESET_NAMES, RuleSet, rule_set
from tutor.engine.scoring import HandScore, meld_from_text, tallies_from_json
from tutor.i18n import N_, Translator
from tutor.ui import session
from tutor.ui.labels import CHOOSE, preset_label
from tutor.ui.score_view import about, game_sides, side_name, totals_from_hands
from tutor.ui.text import escape_markdown
from tutor.ui.typed_move import cards_problem
from tutor.ui.widgets import show_game, show_score
from tutor.words.names import cards_name

CHAIR = 0  # the seat the calculator tells the hand from
# Translators: {error} says in words what is wrong with the typed cards, e.g. 'Your side (melds):
# "11H" is not a card. ...'.
CHECK = N_("Check the cards: {error}")
# Translators: names a side's melds field of the score calculator in an error; {side} the side
# ("Your side", "Opponents", "You").
MELDS_OF_SIDE = N_("{side} (melds)")
# Translators: the score calculator names the field with a problem; {field} the field, {problem}
# what is wrong, in words.
FIELD_PROBLEM = N_("{field}: {problem}")
# Translators: a line of the calculator's melds holds more than one rank; {meld} the line typed.
MIXED_MELD = N_('"{meld}" is not one meld: a meld holds cards of one rank, and wild cards. '
                "Write each meld on its own line.")
# Translators: the calculator's cards hold more copies of a card than the two decks have;
# {cards} the cards, each with its article ("the king of hearts").
TOO_MANY = N_("There are more of {cards} than the two decks hold.")
# Translators: the score calculator was given more than it can score (over 20 melds a side, or a
# very long field).
TOO_LONG = N_("There are too many cards or melds to score.")
MELDS = N_("Melds, one per line")
# The calculator's fields, one pair per seat, named from seat 0's chair: seat 0's own, and another
# seat's named by {who} as tutor.words.seats.Perspective names it.
# Translators: a text field of the score calculator: the cards the learner kept.
HAND_FIELD = N_("Cards left in your hand")
# Translators: a text field of the score calculator: the cards another player kept; {who} is that
# player ("the left opponent", "your partner"; {who:gen|def} "the left opponent's").
HAND_FIELD_OTHER = N_("Cards left in {who:gen|def} hand")
# Translators: a text field of the score calculator: the threes the learner laid out.
THREES_FIELD = N_("Your threes laid out")
# Translators: a text field of the score calculator: the threes another player laid out; {who} is
# that player ("the left opponent", "your partner"; {who:gen|def} "the left opponent's").
THREES_FIELD_OTHER = N_("{who:gen|def} threes laid out")


def add_hand(totals: tuple[int, ...]) -> None:
    session.get().calculator_hands.append(totals)


def reset_game() -> None:
    session.get().calculator_hands.clear()


def render() -> None:
    tr = session.tr()
    _ = tr.gettext
    st.title(_(N_("Score calculator")))
    preset = st.selectbox(_(N_("Rule set")), PRESET_NAMES, key="calc_preset",
                          format_func=lambda p: preset_label(p, tr),
                          placeholder=tr.gettext(CHOOSE))
    rules = rule_set(preset)
    side_seats = [list(seats) for seats in game_sides(rules.players)]
    columns = st.columns(len(side_seats))
    sides = []
    for index, (column, seats) in enumerate(zip(columns, side_seats, strict=True)):
        with column:
            sides.append(side_inputs(index, seats, rules, tr))
    # The other family's preset, when it has as many players (Modern is for four only).
    other = rule_set("modern-american" if not rules.is_modern else "classic-4p")
    comparable = other.players == rules.players
    problem = input_problem(sides, side_seats, rules, tr)
    if problem is None:
        try:
            tallies = tallies_from_json({"sides": sides}, rules.players)
            score, compared = score_both(rules, other if comparable else rules, tallies)
        except TutorError:
            problem = deck_problem(sides, tr)
    if problem is not None:
        st.error(escape_markdown(tr.format(_(CHECK), CHECK, error=problem)))
        return
    st.subheader(preset_label(rules.preset, tr))
    show_score(score, CHAIR, rules.players, tr, key="calc_score", waterfalls=True)
    if comparable:
        # Translators: a heading; {rules} the name of another rule set, e.g. "Modern American
        # Canasta".
        st.subheader(_("The same hand under {rules}").format(
            rules=preset_label(other.preset, tr)))
        show_score(compared, CHAIR, rules.players, tr, key="calc_compared")
    running_game(rules, score, side_seats, tr)


def fields_of(seat: int, players: int, tr: Translator) -> tuple[str, str]:
    """The labels of a seat's two fields (cards kept, threes laid out) from seat 0's chair."""
    return (about(seat, CHAIR, players, tr, HAND_FIELD, HAND_FIELD_OTHER),
            about(seat, CHAIR, players, tr, THREES_FIELD, THREES_FIELD_OTHER))


def input_problem(sides: list[dict[str, Any]], side_seats: list[list[int]], rules: RuleSet,
                  tr: Translator) -> str | None:
    """The first field whose cards cannot be read, or whose line is no meld, named in words
    (the engine's own message names fields by index, for files)."""
    for side, seats in zip(sides, side_seats, strict=True):
        name = side_name(seats, CHAIR, rules.players, tr)
        melds_field = tr.format(tr.gettext(MELDS_OF_SIDE), MELDS_OF_SIDE, side=name)
        for line in side["melds"]:
            problem = cards_problem(line, tr)
            if problem is None:
                try:
                    meld_from_text(line)
                except TutorError:
                    problem = tr.format(tr.gettext(MIXED_MELD), MIXED_MELD, meld=line.strip())
            if problem is not None:
                return tr.format(tr.gettext(FIELD_PROBLEM), FIELD_PROBLEM, field=melds_field,
                                 problem=problem)
        for player in side["players"]:
            labels = fields_of(player["seat"], rules.players, tr)
            for field, text in zip(labels, (player["hand"], player["threes"]), strict=True):
                problem = cards_problem(text, tr)
                if problem is not None:
                    return tr.format(tr.gettext(FIELD_PROBLEM), FIELD_PROBLEM, field=field,
                                     problem=problem)
    return None


def deck_problem(sides: list[dict[str, Any]], tr: Translator) -> str:
    """Cards that read well but are more than the 108-card deck holds, in words."""
    used = Counter(card for side in sides
                   for text in (*side["melds"], *(p[k] for p in side["players"]
                                                  for k in ("hand", "threes")))
                   for card in parse_cards(text))
    over = sorted_cards(card for card, n in used.items() if n > DECK_COUNTS[card])
    if not over:  # another limit of the score files (at most 20 melds a side, long fields)
        return tr.gettext(TOO_LONG)
    return tr.format(tr.gettext(TOO_MANY), TOO_MANY, cards=cards_name(over[:8], tr))


def side_inputs(index: int, seats: list[int], rules: RuleSet, tr: Translator) -> dict[str, Any]:
    """One side's end of hand as typed in, in the engine's tally format (docs/formats.md)."""
    _ = tr.gettext
    st.subheader(side_name(seats, CHAIR, rules.players, tr))
    melds = st.text_area(_(MELDS), key=f"calc_melds_{index}",
                         height=100, placeholder="KH KH KS KS KD KD KC")
    players = []
    for seat in seats:
        hand_field, threes_field = fields_of(seat, rules.players, tr)
        hand = st.text_input(hand_field, key=f"calc_hand_{seat}")
        threes = st.text_input(threes_field, key=f"calc_threes_{seat}", placeholder="3H 3D")
        players.append({"seat": seat, "hand": hand, "threes": threes})
    # Translators: a checkbox of the score calculator: this side went out.
    went_out = st.checkbox(_("Went out"), key=f"calc_out_{index}")
    # Translators: a checkbox of the score calculator: the side went out concealed.
    concealed = st.checkbox(_("Concealed"), key=f"calc_concealed_{index}",
                            disabled=rules.is_modern)
    return {"melds": [m for m in melds.splitlines() if m.strip()], "players": players,
            "went_out": went_out, "concealed": concealed}


def running_game(rules: RuleSet, score: HandScore, side_seats: list[list[int]],
                 tr: Translator) -> None:
    """The hands added so far, each side's total and its next initial-meld minimum."""
    _ = tr.gettext
    learner = session.get()
    if learner.calculator_preset != rules.preset:  # another rule set starts another game
        learner.calculator_hands.clear()
        learner.calculator_preset = rules.preset
    hands = learner.calculator_hands
    # Translators: a heading of the score calculator: the scores of a game hand by hand.
    st.subheader(_("Running game"))
    row = st.container(horizontal=True)
    row.button(_(N_("Add this hand to the game")), key="add_hand", on_click=add_hand,
               args=(tuple(side.total for side in score.sides),))
    # Translators: a button of the score calculator: start the running game again.
    row.button(_("New game"), key="reset_game", on_click=reset_game)
    if not hands:
        return
    names = [side_name(seats, CHAIR, rules.players, tr) for seats in side_seats]
    show_game(totals_from_hands(hands, names, side_seats), rules, tr, key="game_chart")
