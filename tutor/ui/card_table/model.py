"""The plain data the card table is drawn from, built from what the learner's seat may see.

Everything the browser receives comes from :func:`tutor.engine.view.observe` of the learner's
seat (the other hands only as counts, unless the learner asked to see all hands), already worded
in the learner's language: the JavaScript only lays it out. Pure Python (no Streamlit), so the
data for a state is unit-tested directly.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tutor.engine.actions import Action, AskPartner, Discard, Draw, Pass, TakePile
from tutor.engine.actions import Answer as AnswerAction
from tutor.engine.cards import Card, Rank, Suit
from tutor.engine.melds import Meld, canasta_kind
from tutor.engine.state import GameState, Phase
from tutor.engine.verdict import Verdict
from tutor.engine.view import PlayerView, observe
from tutor.i18n import N_, NN_, NP_, Translator
from tutor.ui.card_table.intents import IntentKind, StagedGroup, WildChoice
from tutor.words.explain import (
    CANASTA_KINDS,
    Explanation,
    card_name,
    explain_reason,
    explain_verdict,
    rank_name,
    rule_statement,
    rule_title,
    word,
)
from tutor.words.narrate import SeatRole, seat_label, seat_role
from tutor.words.seats import Perspective

JSON = dict[str, Any]

SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
# Colour names the stylesheet knows (two- and four-colour decks); jokers are their own.
TWO_COLOURS = {Suit.CLUBS: "black", Suit.DIAMONDS: "red", Suit.HEARTS: "red",
               Suit.SPADES: "black"}
FOUR_COLOURS = {Suit.CLUBS: "green", Suit.DIAMONDS: "blue", Suit.HEARTS: "red",
                Suit.SPADES: "black"}
# Where each seat sits, by its place relative to the learner.
PLACES = {SeatRole.YOU: "bottom", SeatRole.PARTNER: "top", SeatRole.OPPONENT: "top",
          SeatRole.LEFT: "left", SeatRole.RIGHT: "right"}

# Translators: the learner's partnership on the card table (4 players).
OUR_SIDE = N_("Your side")
# Translators: the other partnership on the card table (4 players).
THEIR_SIDE = N_("Opponents")
# Translators: a side's score on the card table; {score} is a number of points.
SIDE_SCORE = NN_("{score} point", "{score} points")
# Translators: the number of cards a player holds, shown under their card backs.
CARDS_HELD = NN_("{n} card", "{n} cards")
# Translators: a meld on the card table: {n} cards of {rank} (a plural rank name: "kings").
MELD_LABEL = NN_("{rank}: {n} card", "{rank}: {n} cards")
# Translators: a canasta on the card table; {kind} is natural, mixed, ... and {rank} a plural
# rank name ("kings").
CANASTA_LABEL = N_("Canasta of {rank} ({kind})")
# Translators: on the card table, a meld of wild cards only (Modern) where other melds show a rank.
WILD_MELD = NP_("meld", "wild cards")
THREES_LABEL = N_("Threes laid out")
# Translators: the label of the discard pile on the card table.
PILE_LABEL = N_("Discard pile")
# Translators: how many cards the discard pile holds.
PILE_COUNT = NN_("{n} card", "{n} cards")
PILE_EMPTY = N_("The discard pile is empty.")
# Translators: the label of the stock (the face-down pile) on the card table.
STOCK_LABEL = N_("Stock")
# Translators: a black three on top of the discard pile: nobody may take the pile this turn.
STOP_CARD = N_("Stop: a black three is on top.")
# Translators: shown beside the card laid crosswise under the discard pile.
FROZEN_MARK = N_("Frozen")
# Translators: the label of the learner's hand on the card table.
YOUR_HAND = N_("Your hand")
STAGED_LABEL = N_("Put aside for melding")
# Translators: the button that takes one staged group back into the hand.
TAKE_BACK = N_("Take back")
PREVIEW = N_("If you lay this now")
# Translators: the heading of the list of the moves of the last round, on the card table.
LOG_LABEL = N_("Last round")
# Translators: a button on the card table: skip the computer players' moves being played out.
SKIP = N_("Skip")
# Translators: the buttons that hold and continue the moves being played out on the table.
PAUSE = N_("Pause")
# Translators: a button on the card table: go on playing out the computer players' moves after a
# pause.
RESUME = N_("Resume")
# Translators: a mark beside the seat that dealt this hand, on the card table.
DEALER = N_("dealer")
# Translators: a player's turn is marked with this on the card table.
TO_PLAY = N_("to play")
# Translators: a choice follows: the ranks of the side's melds (kings, sevens, ...) that the
# wild card or cards the learner selected may join.
LAY_WILDS_ONTO = NN_("Lay the wild card onto", "Lay the wild cards onto")
OWN_MELD = N_("a meld of their own")
# Translators: a button on the card table: drop the cards put aside for melding.
CANCEL = N_("Cancel")
# Translators: a button on the card table: take back the last move.
UNDO = N_("Undo")
# Translators: a button on the card table: play the move taken back again.
REDO = N_("Redo")
# Translators: a button on the card table: suggest a move.
HINT = N_("Hint")
WHY = N_("Why?")
# Translators: the partner's answer to "may I go out?", shown on the table until the turn ends.
PARTNER_SAID_YES = N_("Partner answered yes: you must go out this turn.")
PARTNER_SAID_NO = N_("Partner answered no: you may not go out this turn.")
# Translators: on the card table; {n} the number of cards the learner selected, e.g. 2.
SELECTED_COUNT = NN_("{n} card selected", "{n} cards selected")
KEYS_HELP = N_(
    "Arrow keys move along your hand, Space selects a card, Enter plays the highlighted move."
)

PROMPTS = {
    # Translators: on the card table, where a player draws one card from the stock.
    "draw": N_("Draw a card or take the pile."),
    # Translators: on the card table, where a player draws two cards from the stock (the games
    # for two and three players).
    "draw two": N_("Draw two cards or take the pile."),
    "play": N_("Meld if you want, then discard one card."),
    "answer": N_('Your partner asks: "May I go out?" Answer yes or no.'),
    # Translators: on the card table; {who} is a seat's name, e.g. "Left opponent".
    "wait": N_("{who} is playing."),
    "over": N_("The hand is over."),
    "history": N_("An earlier moment of the hand."),
}
# The table's buttons: the intent each sends, its label and its keyboard shortcut.
BUTTONS: tuple[tuple[IntentKind, str, str], ...] = (
    # Translators: a button on the card table: draw from the stock.
    (IntentKind.DRAW, N_("Draw"), "d"),
    (IntentKind.TAKE, N_("Take the pile"), "t"),
    (IntentKind.STAGE, N_("Put aside as a meld"), "s"),
    # Translators: a button on the card table: lay the cards put aside as melds.
    (IntentKind.COMMIT, N_("Meld"), "m"),
    # Translators: a button on the card table: discard the selected card.
    (IntentKind.DISCARD, N_("Discard"), "x"),
    # Translators: a button on the card table: ask the partner "may I go out?".
    (IntentKind.ASK, N_("Ask partner"), "a"),
    # Translators: a button on the card table: answer the partner's "may I go out?" with yes.
    (IntentKind.YES, N_("Answer yes"), "y"),
    # Translators: a button on the card table: answer the partner's "may I go out?" with no.
    (IntentKind.NO, N_("Answer no"), "n"),
    # Translators: a button on the card table: pass (take nothing when the stock is empty, or end
    # the hand).
    (IntentKind.PASS, N_("Pass"), "p"),
)


@dataclass(frozen=True, slots=True)
class LogLine:
    """One move told in words, for the table's turn log and its replay; ``rules``: the ids of
    the rules behind it, shown only as the line's tooltip (for teachers)."""

    seat: int
    text: str
    rules: str = ""


def version_of(state: GameState, moves: int, learner: int = 0) -> str:
    """A short tag of the learner's hand and the moment: selections made on another are stale."""
    hand = " ".join(str(c) for c in state.hands[learner])
    key = f"{moves}|{state.hand_number}|{learner}|{state.phase.value}|{hand}"
    return hashlib.blake2s(key.encode(), digest_size=6).hexdigest()


def card_data(card: Card, tr: Translator, four_colour: bool) -> JSON:
    if card.suit is None:
        return {"rank": "★", "suit": "", "colour": "joker", "name": card_name(card, tr),
                "wild": True}
    colours = FOUR_COLOURS if four_colour else TWO_COLOURS
    return {"rank": card.rank.symbol, "suit": SUIT_SYMBOLS[card.suit],
            "colour": colours[card.suit], "name": card_name(card, tr), "wild": card.is_wild}


def cards_data(cards: Sequence[Card], tr: Translator, four_colour: bool) -> list[JSON]:
    return [card_data(card, tr, four_colour) for card in cards]


def meld_data(meld: Meld, state: GameState, tr: Translator, four_colour: bool) -> JSON:
    """A meld fanned out, or a canasta closed with the card players put on top: red for a
    natural canasta, black for a mixed one; its wild cards stay visible beside it."""
    rules = state.rules
    rank = rank_name(meld.rank, tr) if meld.rank is not None else tr.pgettext(*WILD_MELD)
    kind = canasta_kind(meld, rules)
    data: JSON = {"cards": cards_data(meld.cards, tr, four_colour), "canasta": kind}
    if kind is None:
        data["label"] = tr.format(tr.ngettext(*MELD_LABEL, meld.size),
                                  MELD_LABEL[meld.size != 1], rank=rank, n=meld.size)
        return data
    data["label"] = tr.format(tr.gettext(CANASTA_LABEL), CANASTA_LABEL, rank=rank,
                              kind=word(CANASTA_KINDS[kind], tr))
    data["top"] = card_data(_top_card(meld), tr, four_colour)
    data["wilds"] = cards_data([c for c in meld.cards if c.is_wild], tr, four_colour)
    data["count"] = tr.number(meld.size)
    return data


def _top_card(meld: Meld) -> Card:
    naturals = [c for c in meld.cards if not c.is_wild]
    if not naturals:
        return meld.cards[0]
    red = [c for c in naturals if c.suit in (Suit.HEARTS, Suit.DIAMONDS)]
    black = [c for c in naturals if c.suit in (Suit.CLUBS, Suit.SPADES)]
    if meld.wilds:
        return (black or naturals)[0]
    return (red or naturals)[0]


def verdict_data(verdict: Verdict, tr: Translator, perspective: Perspective | None = None) -> JSON:
    return explanation_data(explain_verdict(verdict, tr, perspective))


def explanation_data(explanation: Explanation) -> JSON:
    return {"legal": explanation.legal, "headline": explanation.headline,
            "reasons": list(explanation.reasons)}


def why_data(explanation: Explanation, tr: Translator) -> list[JSON]:
    """The rules behind a verdict, by title and statement (the id for a teacher's tooltip)."""
    return [{"rule": rule, "title": rule_title(rule, tr), "statement": rule_statement(rule, tr)}
            for rule in explanation.rules]


@dataclass(frozen=True, slots=True)
class ReplayFrame:
    """A computer move played out on the table: the position after it, who made it, and how
    many lines of the turn log are shown with it."""

    state: GameState
    seat: int
    lines: int


@dataclass(frozen=True, slots=True)
class TableInput:
    """Everything the table shows besides the position: the learner's context."""

    learner: int = 0
    open_hands: bool = False
    four_colour: bool = False
    moves: int = 0  # moves played so far: part of the selection's version
    staged: tuple[StagedGroup, ...] = ()
    # One verdict area: a notice, else the learner's last verdict, else the staged preview.
    preview: Verdict | None = None
    verdict: Verdict | None = None  # the learner's last attempt, until the learner acts again
    explained: Explanation | None = None  # the verdict in words, when the page has it already
    message: str | None = None  # a translated notice (an intent that asked for too little)
    choice: WildChoice | None = None  # which meld wild cards alone go onto (shown on its table)
    replay_verdict: Verdict | None = None  # the move that ended the turn, while it plays out
    log: tuple[LogLine, ...] = ()  # the last round, oldest first
    replay: tuple[ReplayFrame, ...] = ()  # the computer moves since the learner's last one
    replay_id: str = ""
    pace_ms: int = 0
    readonly: bool = False  # history: an earlier moment, no moves
    version: str = ""  # the tag the page checks selections against (default: from the state)
    why: bool = False  # under "Why?", the rules of the verdict (title, statement, id)
    hint: tuple[str, tuple[str, ...]] | None = None  # a suggested move in words, its reasons
    offer_hint: bool = False  # show the Hint button
    can_undo: bool = False
    can_redo: bool = False
    practice_tools: bool = False  # undo, redo and the hint belong to practice, not lessons
    lesson: bool = False  # a lesson's table: no "earlier moment of the hand" prompt


def board_data(state: GameState, view: PlayerView, tr: Translator, context: TableInput
               ) -> JSON:
    """The part of the table computer moves change: seats, sides, pile and stock."""
    players = state.players
    seats = []
    for seat in range(players):
        role = seat_role(seat, context.learner, players)
        count = view.hand_sizes[seat]
        entry: JSON = {
            "seat": seat,
            "role": role.name.lower(),
            "place": PLACES[role],
            "name": seat_label(role, tr),
            "count": count,
            "count_text": tr.format(tr.ngettext(*CARDS_HELD, count), CARDS_HELD[count != 1],
                                    n=count),
            "turn": view.actor == seat and not state.hand_over,
            "dealer": view.dealer == seat,
        }
        if context.open_hands and seat != context.learner:
            entry["cards"] = cards_data(state.hands[seat], tr, context.four_colour)
        seats.append(entry)
    return {
        "seats": seats,
        "sides": [_side_data(state, view, index, tr, context) for index in range(len(view.sides))],
        "pile": _pile_data(view, tr, context.four_colour),
        "stock": {"label": tr.gettext(STOCK_LABEL), "count": view.stock_size,
                  "count_text": tr.number(view.stock_size)},
    }


def _side_data(state: GameState, view: PlayerView, index: int, tr: Translator,
               context: TableInput) -> JSON:
    side = view.sides[index]
    players = state.players
    mine = context.learner in side.seats
    roles = [seat_role(seat, context.learner, players) for seat in side.seats]
    if len(side.seats) > 1:
        name = tr.gettext(OUR_SIDE if mine else THEIR_SIDE)
    else:
        name = seat_label(roles[0], tr)
    # A partnership's melds lie before the learner (ours) or across the table (theirs).
    place = "bottom" if mine else ("top" if len(side.seats) > 1 else PLACES[roles[0]])
    score = view.scores[side.seats[0]]
    threes = [card for seat in side.seats for card in view.threes[seat]]
    return {
        "name": name,
        "mine": mine,
        "place": place,
        "score_text": tr.format(tr.ngettext(*SIDE_SCORE, score), SIDE_SCORE[score != 1],
                                score=score),
        "melds": [meld_data(meld, state, tr, context.four_colour) for meld in side.melds],
        "threes": cards_data(threes, tr, context.four_colour),
        "threes_label": tr.gettext(THREES_LABEL),
    }


def _pile_data(view: PlayerView, tr: Translator, four_colour: bool) -> JSON:
    top = view.pile_top
    data: JSON = {
        "label": tr.gettext(PILE_LABEL),
        "count": view.pile_size,
        "count_text": tr.format(tr.ngettext(*PILE_COUNT, view.pile_size),
                                PILE_COUNT[view.pile_size != 1], n=view.pile_size),
        "top": card_data(top, tr, four_colour) if top is not None else None,
        "empty_text": tr.gettext(PILE_EMPTY) if top is None else "",
        # The first card that froze the pile lies crosswise under it, as players lay it.
        "crosswise": (card_data(view.pile_freezers[0], tr, four_colour)
                      if view.pile_freezers and top is not None else None),
        "frozen_mark": tr.gettext(FROZEN_MARK),
        "stop": tr.gettext(STOP_CARD) if top is not None and top.is_black_three else "",
        # (an empty pile is said once: its reason reads the same as the note)
        "reasons": list(dict.fromkeys(
            text for text in (explain_reason(reason, tr) for reason in view.frozen_for_me)
            if top is not None or text != tr.gettext(PILE_EMPTY))),
    }
    return data


def prompt_of(state: GameState, view: PlayerView, tr: Translator, learner: int) -> str:
    if state.hand_over:
        return tr.gettext(PROMPTS["over"])
    if view.actor != learner:
        who = seat_label(seat_role(view.actor, learner, state.players), tr)
        return tr.format(tr.gettext(PROMPTS["wait"]), PROMPTS["wait"], who=who)
    draw = "draw two" if state.rules.draw_count == 2 else "draw"
    key = {Phase.DRAW: draw, Phase.PLAY: "play", Phase.ANSWER: "answer"}[view.phase]
    return tr.gettext(PROMPTS[key])


def enabled_intents(view: PlayerView) -> set[IntentKind]:
    """The buttons that make sense now, from the engine's own list of legal actions; the others
    stay clickable and answer "why not?" with the engine's verdict."""
    legal = view.legal
    kinds: set[IntentKind] = set()
    checks: tuple[tuple[IntentKind, type[Action]], ...] = (
        (IntentKind.DRAW, Draw), (IntentKind.TAKE, TakePile), (IntentKind.DISCARD, Discard),
        (IntentKind.ASK, AskPartner), (IntentKind.YES, AnswerAction),
        (IntentKind.NO, AnswerAction), (IntentKind.PASS, Pass),
    )
    for kind, action_type in checks:
        if any(isinstance(action, action_type) for action in legal):
            kinds.add(kind)
    if view.phase is Phase.PLAY and legal:
        kinds |= {IntentKind.STAGE, IntentKind.COMMIT}
    if view.phase is Phase.DRAW and legal:
        kinds.add(IntentKind.STAGE)  # an initial meld staged to go with the pile
    return kinds


def primary_intent(view: PlayerView) -> IntentKind | None:
    if not view.legal:
        return None
    return {Phase.DRAW: IntentKind.DRAW, Phase.PLAY: IntentKind.DISCARD,
            Phase.ANSWER: IntentKind.YES}.get(view.phase)


def buttons_data(view: PlayerView, tr: Translator) -> list[JSON]:
    enabled = enabled_intents(view)
    primary = primary_intent(view)
    shown = []
    for kind, label, key in BUTTONS:
        if kind is IntentKind.ASK and len(view.my_side.seats) < 2:
            continue  # nobody to ask: no partner at this table, or not yet (C3-11)
        if kind in (IntentKind.YES, IntentKind.NO) and view.phase is not Phase.ANSWER:
            continue
        if kind is IntentKind.PASS and kind not in enabled:
            continue  # passing is a rare end-of-stock move: shown only when it is one
        shown.append({"kind": kind.value, "label": tr.gettext(label), "key": key,
                      "enabled": kind in enabled, "primary": kind is primary})
    return shown


def partner_answer(view: PlayerView, tr: Translator, learner: int) -> str:
    info = view.turn_info
    if view.actor != learner or info is None or info.answer is None:
        return ""
    return tr.gettext(PARTNER_SAID_YES if info.answer else PARTNER_SAID_NO)


def table_data(state: GameState, tr: Translator, context: TableInput) -> JSON:
    """The whole description the table component draws."""
    view = observe(state, context.learner)
    hand = view.hand
    staged_positions = {i for group in context.staged for i in group.positions}
    version = context.version or version_of(state, context.moves, context.learner)
    # One verdict area, so a preview and a verdict never stand side by side: the latest word
    # wins (a notice, then a verdict, which the pages clear when the staging changes).
    message = context.message or ""
    verdict = None if message else context.verdict
    preview = context.preview if not message and verdict is None and context.staged else None
    # explained once, for the verdict area and "Why?" alike
    own = Perspective(context.learner, context.learner, state.players)  # the learner's attempts
    explained = (context.explained or explain_verdict(verdict, tr, own)) if verdict else None
    data: JSON = {
        "version": version,
        "lang": tr.lang,
        "readonly": context.readonly,
        "phase": "history" if context.readonly else _phase(state, context.learner),
        "board": board_data(state, view, tr, context),
        "hand": [{"pos": i, **card_data(card, tr, context.four_colour),
                  "staged": i in staged_positions} for i, card in enumerate(hand)],
        "staged": [{"index": index, "positions": list(group.positions),
                    "label": _staged_label(group, hand, tr)}
                   for index, group in enumerate(context.staged)],
        "preview": verdict_data(preview, tr, own) if preview else None,
        "verdict": explanation_data(explained) if explained else None,
        "message": message,
        "prompt": _prompt(state, view, tr, context),
        "answer": partner_answer(view, tr, context.learner),
        "buttons": [] if context.readonly else buttons_data(view, tr),
        "choice": (None if context.readonly
                   else choice_data(context.choice, version, view, tr)),
        "log": [{"seat": line.seat, "text": line.text, "rules": line.rules}
                for line in context.log],
        "replay": {
            "id": context.replay_id,
            "pace_ms": context.pace_ms,
            "frames": [_frame_data(frame, tr, context) for frame in context.replay],
            # shown while the computer moves play out, gone when the learner's turn comes
            "verdict": (verdict_data(context.replay_verdict, tr)
                        if context.replay_verdict and context.replay else None),
        },
        "labels": _labels(tr),
        "why": why_data(explained, tr) if explained and context.why else [],
        "hint": ({"text": context.hint[0], "reasons": list(context.hint[1])}
                 if context.hint else None),
        "tools": _tools(context, tr) if context.practice_tools and not context.readonly else [],
    }
    return data


def choice_data(choice: WildChoice | None, version: str, view: PlayerView, tr: Translator
                ) -> JSON | None:
    """The question where wild cards alone go, on the table it was asked on: the melds the
    engine offered (tutor.ui.card_table.wilds), each a button."""
    hand = view.hand
    if choice is None or choice.version != version or not choice.positions or any(
            p >= len(hand) or not hand[p].is_wild for p in choice.positions):
        return None
    wild_meld = any(meld.rank is None for meld in view.my_side.melds)
    options = [_target_data(target, wild_meld, tr) for target in choice.targets]
    count = len(choice.positions)
    return {"id": choice.number, "kind": choice.kind.value, "positions": list(choice.positions),
            "label": tr.ngettext(*LAY_WILDS_ONTO, count), "options": options}


def _target_data(target: Rank | None, wild_meld: bool, tr: Translator) -> JSON:
    if target is not None:
        return {"rank": target.symbol, "own": False, "label": rank_name(target, tr),
                "key": f"onto-{target.symbol}"}
    # Modern: the side's wild-card meld, or a new one
    label = tr.pgettext(*WILD_MELD) if wild_meld else tr.gettext(OWN_MELD)
    return {"rank": None, "own": True, "label": label, "key": "onto-own"}


def _prompt(state: GameState, view: PlayerView, tr: Translator, context: TableInput) -> str:
    if not context.readonly:
        return prompt_of(state, view, tr, context.learner)
    if not context.lesson:
        return tr.gettext(PROMPTS["history"])
    # A lesson's position to look at: say whose turn it is, but not what to do.
    return prompt_of(state, view, tr, context.learner) if view.actor != context.learner else ""


def _tools(context: TableInput, tr: Translator) -> list[JSON]:
    """Undo, redo and the hint: on the table, so using them reruns only the table."""
    # No "r" or "c": Streamlit's own page keys (rerun, clear cache).
    tools = [{"kind": IntentKind.UNDO.value, "label": tr.gettext(UNDO), "key": "u",
              "enabled": context.can_undo},
             {"kind": IntentKind.REDO.value, "label": tr.gettext(REDO), "key": "",
              "enabled": context.can_redo}]
    if context.offer_hint:
        tools.append({"kind": IntentKind.HINT.value, "label": tr.gettext(HINT), "key": "h",
                      "enabled": True, "pressed": context.hint is not None})
    return tools


def _frame_data(frame: ReplayFrame, tr: Translator, context: TableInput) -> JSON:
    who = seat_label(seat_role(frame.seat, context.learner, frame.state.players), tr)
    return {"board": board_data(frame.state, observe(frame.state, context.learner), tr, context),
            "lines": frame.lines,
            "prompt": tr.format(tr.gettext(PROMPTS["wait"]), PROMPTS["wait"], who=who)}


def _phase(state: GameState, learner: int) -> str:
    """The phase the table's keyboard and highlighted move follow."""
    if state.hand_over:
        return "over"
    if state.actor != learner:
        return "wait"
    return state.phase.value


def _staged_label(group: StagedGroup, hand: tuple[Card, ...], tr: Translator) -> str:
    cards = [hand[i] for i in group.positions if i < len(hand)]
    names = ", ".join(card_name(card, tr) for card in cards)
    if group.onto is not None:
        onto = rank_name(group.onto, tr)
        return f"{names} → {onto}"
    return names


def _labels(tr: Translator) -> JSON:
    return {
        "hand": tr.gettext(YOUR_HAND),
        "staged": tr.gettext(STAGED_LABEL),
        "take_back": tr.gettext(TAKE_BACK),
        "preview": tr.gettext(PREVIEW),
        "log": tr.gettext(LOG_LABEL),
        "skip": tr.gettext(SKIP),
        "pause": tr.gettext(PAUSE),
        "resume": tr.gettext(RESUME),
        "dealer": tr.gettext(DEALER),
        "to_play": tr.gettext(TO_PLAY),
        "cancel": tr.gettext(CANCEL),
        "why": tr.gettext(WHY),
        "keys": tr.gettext(KEYS_HELP),
        "selected_one": tr.format(tr.ngettext(*SELECTED_COUNT, 1), SELECTED_COUNT[0], n=1),
        "selected_many": tr.ngettext(*SELECTED_COUNT, 2),
    }
