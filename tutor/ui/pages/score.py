"""Score calculator: the itemized score of an end of hand under any preset, the same hand under the
other family, and the running game with the next hand's minimum initial meld.

The cards are picked by clicking (tutor.ui.card_picker): each side's melds, each player's threes
and the cards left in hand; typing them in card codes stays possible, with a legend of the codes.

The calculator has no learner's seat: it tells the hand from seat 0's chair, so its sides and
fields carry the card table's names ("Your side", "Cards left in your partner's hand"), never
seat numbers."""

from __future__ import annotations

from typing import Any

import streamlit as st

from tutor.engine import TutorError
from tutor.engine.cards import Card, Rank, Suit
from tutor.engine.compare import score_both
from tutor.engine.rules import PRESET_NAMES, RuleSet, rule_set
from tutor.engine.scoring import HandScore, meld_from_text, tallies_from_json
from tutor.i18n import N_, Translator
from tutor.ui import card_picker, session
from tutor.ui.card_picker.model import MELD_OF, PickerSide, picked_melds, picked_sides, picker_data
from tutor.ui.labels import CHOOSE, preset_label
from tutor.ui.score_view import about, breakdown_chart, game_sides, side_name, totals_from_hands
from tutor.ui.text import escape_markdown
from tutor.ui.typed_move import cards_problem
from tutor.ui.widgets import show_game, show_score
from tutor.words.input_errors import coded, error_words, meld_problem
from tutor.words.names import SUIT_NAMES, Name, Word, card_name, rank_name

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
# Translators: a choice of the score calculator: how the cards are given.
HOW = N_("Cards")
# Translators: a choice of the score calculator: the cards are clicked on a picker.
PICK = N_("Pick cards")
# Translators: a choice of the score calculator: the cards are typed in codes (KH, 10S, JK).
TYPE = N_("Type card codes")
# Translators: a fold of the score calculator: what the card codes mean.
CODES = N_("Card codes")
# Translators: the first line of the legend of card codes.
CODES_INTRO = N_("A card is its rank and its suit, written together and separated from the "
                 "next card by a space: KH is the king of hearts, 10S the ten of spades, JK a "
                 "joker.")
# Translators: a column heading of the legend of card codes.
CODE = N_("Code")
# Translators: a column heading of the legend of card codes: the rank or suit it stands for.
MEANS = N_("Means")
# Translators: a heading of the score calculator: the chart of every side's score by part.
BREAKDOWN = N_("Every side's score, part by part")
# Translators: a checkbox of the score calculator; {side} the side ("Your side", "Opponents").
WENT_OUT_OF = N_("{side} went out")
# Translators: a checkbox of the score calculator; {side} the side ("Your side", "Opponents").
CONCEALED_OF = N_("{side} went out concealed")


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
    how = st.segmented_control(_(HOW), ["pick", "type"], default="pick", key="calc_how",
                               format_func=lambda m: _(PICK) if m == "pick" else _(TYPE))
    if how == "type":
        sides = typed_sides(side_seats, rules, tr)
        problem = input_problem(sides, side_seats, rules, tr)
    else:
        sides = picked_inputs(side_seats, rules, tr)
        problem = picked_problem(side_seats, rules, tr)
    # The other family's preset, when it has as many players (Modern is for four only).
    other = rule_set("modern-american" if not rules.is_modern else "classic-4p")
    comparable = other.players == rules.players
    details = ""
    if problem is None:
        try:
            tallies = tallies_from_json({"sides": sides}, rules.players)
            score, compared = score_both(rules, other if comparable else rules, tallies)
        except TutorError as exc:
            worded = error_words(exc, tr)
            problem = worded.text if coded(exc) is not None else tr.gettext(TOO_LONG)
            details = worded.details
    if problem is not None:
        st.error(escape_markdown(tr.format(_(CHECK), CHECK, error=problem)))
        if details:
            # Translators: a fold under an error: the engine's own message, for teachers.
            with st.expander(_("Details (for teachers)")):
                st.code(details, language=None)
        return
    st.subheader(preset_label(rules.preset, tr))
    show_score(score, CHAIR, rules.players, tr, key="calc_score")
    st.markdown(f"**{escape_markdown(_(BREAKDOWN))}**")
    st.plotly_chart(breakdown_chart(score, CHAIR, rules.players, tr), key="calc_breakdown",
                    config={"displayModeBar": False})
    if comparable:
        # Translators: a heading; {rules} the name of another rule set, e.g. "Modern American
        # Canasta".
        st.subheader(_("The same hand under {rules}").format(
            rules=preset_label(other.preset, tr)))
        show_score(compared, CHAIR, rules.players, tr, key="calc_compared")
    running_game(rules, score, side_seats, tr)


def picker_key(rules: RuleSet) -> str:
    return f"calc_picker_{rules.preset}"


def picked_inputs(side_seats: list[list[int]], rules: RuleSet, tr: Translator
                  ) -> list[dict[str, Any]]:
    """The picker, and under it each side's went-out boxes; the picks as the tally's sides."""
    key = picker_key(rules)
    sides = []
    for index, seats in enumerate(side_seats):
        places: list[tuple[str, str]] = []
        for seat in seats:
            hand_label, threes_label = fields_of(seat, rules.players, tr)
            places += [(f"t{seat}", threes_label), (f"h{seat}", hand_label)]
        sides.append(PickerSide(index, side_name(seats, CHAIR, rules.players, tr),
                                tuple(places)))
    picks = card_picker.picked(key)
    card_picker.mount(picker_data(key, sides, picks, tr,
                                  four_colour=session.get().four_colour), key=key)
    found = picked_sides(picks, side_seats)
    for index, (column, seats) in enumerate(zip(st.columns(len(side_seats)), side_seats,
                                                 strict=True)):
        with column:
            found[index].update(went_out_boxes(index, seats, rules, tr))
    return found


def picked_problem(side_seats: list[list[int]], rules: RuleSet, tr: Translator) -> str | None:
    """The first picked meld that is no meld, named in words ("Your side, meld 2: …")."""
    picks = card_picker.picked(picker_key(rules))
    for index, seats in enumerate(side_seats):
        name = side_name(seats, CHAIR, rules.players, tr)
        for number, meld in enumerate(picked_melds(picks, index), start=1):
            problem = meld_problem([Card.parse(code) for code in meld], tr)
            if problem is not None:
                field = tr.format(tr.gettext(MELD_OF), MELD_OF, side=name, number=number)
                return tr.format(tr.gettext(FIELD_PROBLEM), FIELD_PROBLEM, field=field,
                                 problem=problem)
    return None


def typed_sides(side_seats: list[list[int]], rules: RuleSet, tr: Translator
                ) -> list[dict[str, Any]]:
    codes_legend(tr)
    columns = st.columns(len(side_seats))
    sides = []
    for index, (column, seats) in enumerate(zip(columns, side_seats, strict=True)):
        with column:
            sides.append(side_inputs(index, seats, rules, tr))
    return sides


def codes_legend(tr: Translator) -> None:
    """What the card codes mean, in the learner's language."""
    _ = tr.gettext
    with st.expander(_(CODES), key="calc_codes"):
        st.markdown(escape_markdown(_(CODES_INTRO)))
        ranks = [("JK", rank_name(Rank.JOKER, tr, 1))] + [
            (rank.symbol, rank_name(rank, tr, 1)) for rank in (
                Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT,
                Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO)]
        suits = [(suit.value, Name(Word(SUIT_NAMES[suit]), tr)) for suit in Suit]
        head = f"| {escape_markdown(_(CODE))} | {escape_markdown(_(MEANS))} |\n|---|---|\n"
        cols = st.columns(2)
        cols[0].markdown(head + "\n".join(f"| `{code}` | {escape_markdown(str(name))} |"
                                          for code, name in ranks))
        cols[1].markdown(head + "\n".join(f"| `{code}` | {escape_markdown(str(name))} |"
                                          for code, name in suits)
                         + f"\n\n`KH` = {escape_markdown(str(card_name(Card.parse('KH'), tr)))}")


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
    return {"melds": [m for m in melds.splitlines() if m.strip()], "players": players,
            **went_out_boxes(index, seats, rules, tr, named=False)}


def went_out_boxes(index: int, seats: list[int], rules: RuleSet, tr: Translator, *,
                   named: bool = True) -> dict[str, bool]:
    """A side's "went out" and "concealed" boxes (named for the side under the picker, where
    no heading says whose they are)."""
    _ = tr.gettext
    name = side_name(seats, CHAIR, rules.players, tr)
    # Translators: a checkbox of the score calculator under a side's heading: it went out.
    went_out_text = _("Went out")
    # Translators: a checkbox of the score calculator under a side's heading: it went out
    # concealed.
    concealed_text = _("Concealed")
    out_label = tr.format(_(WENT_OUT_OF), WENT_OUT_OF, side=name) if named else went_out_text
    hidden_label = (tr.format(_(CONCEALED_OF), CONCEALED_OF, side=name) if named
                    else concealed_text)
    went_out = st.checkbox(out_label, key=f"calc_out_{index}")
    concealed = st.checkbox(hidden_label, key=f"calc_concealed_{index}",
                            disabled=rules.is_modern)
    return {"went_out": went_out, "concealed": concealed}


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
