"""One perspective for every sentence: seeded games in every preset, told to the learner at seat 0
as the practice table and its history tell them (the move in words, the reasons under it, the
verdict's headline, the hint), never speak to another seat in the second person; and no reason
calls a card single while the hand holds another of its rank.

The rule checked, sentence by sentence (:class:`tutor.words.seats.Sentence`): its second person may
only mean the learner (``you`` is seat 0 or None), and a sentence that says "you", "your" … once
the name of the seat it is about is taken out ("your partner" names the partner) must say whom
it speaks to. A words layer that picked the learner's template for another seat's move fails the
first; one that wrote "your side" into a sentence about another seat fails the second.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

import pytest

from tutor.engine import GameState, apply, judge, new_game, rule_set
from tutor.engine.actions import Discard
from tutor.engine.cards import Card
from tutor.engine.rules import PRESET_NAMES
from tutor.engine.state import Phase
from tutor.engine.view import observe
from tutor.i18n import translator
from tutor.play.bots import BOTS, Decision, Standard
from tutor.words.explain import explain_verdict, move_reasons, reason_sentences
from tutor.words.names import SEAT_NAMES, seat_name
from tutor.words.narrate import narrate, narrate_sentences, seat_label
from tutor.words.seats import Perspective, Sentence, seat_role

LEARNER = 0
EN = translator("en")
SEEDS = range(5)
HANDS = 3  # per seeded game: the first meld's minimum moves with the score, and the deal
SECOND_PERSON = re.compile(r"\b(?:you|your|yours|you're|yourself|yourselves)\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Turn:
    before: GameState
    decision: Decision
    after: GameState
    hint: Decision | None  # what the learner's table offers as a hint in this position


@cache
def turns(preset: str) -> tuple[Turn, ...]:
    """Every move of the seeded games, the computer players of the app at every seat (a
    standard and a beginner player by turns), with the hint wherever the learner is to play."""
    rules = rule_set(preset)
    out: list[Turn] = []
    for seed in SEEDS:
        kinds = ("standard", "beginner")
        players = [BOTS[kinds[(seat + seed) % 2]](seed * 10 + seat) for seat in
                   range(rules.players)]
        state, hands = new_game(rules, seed=seed), 0
        while state.phase is not Phase.GAME_OVER and hands < HANDS:
            if state.phase is Phase.HAND_OVER:
                hands += 1
            seat = state.actor
            decision = players[seat].decide(observe(state, seat))
            hint = None
            if seat == LEARNER and not state.hand_over:
                hint = Standard(seed).decide(observe(state, LEARNER))
            after = apply(state, decision.action)
            out.append(Turn(state, decision, after, hint))
            state = after
    return tuple(out)


@cache
def names_of(seat: int, players: int) -> tuple[str, ...]:
    """Every English form of a seat's name at that table, longest first ("your partner's")."""
    role = seat_role(seat, LEARNER, players)
    if seat == LEARNER:
        return ()
    name = seat_name(role.value, EN)
    forms = {seat_label(role, EN), *(format(name, form.spec)
                                     for form in SEAT_NAMES[role.value].forms())}
    return tuple(sorted(forms, key=len, reverse=True))


def speaks_to(text: str, about: int | None, players: int) -> bool:
    """Whether the sentence says "you", "your" … outside the name of the seat it is about."""
    if about is not None:
        for name in names_of(about, players):
            text = re.sub(re.escape(name), " ", text, flags=re.IGNORECASE)
    return bool(SECOND_PERSON.search(text))


def misplaced(sentence: Sentence, players: int) -> str | None:
    """What is wrong with the sentence's person, or None."""
    if sentence.you not in (None, LEARNER):
        return f"speaks to seat {sentence.you}, not to the learner"
    if sentence.you is None and speaks_to(sentence.text, sentence.about, players):
        return "says 'you' without saying whom"
    return None


def told(turn: Turn) -> Iterator[tuple[str, Sentence]]:
    """What the learner reads about one move: the move in words, then the reasons the history
    shows under it (told for the seat that moved); and the hint, when there is one."""
    before, action = turn.before, turn.decision.action
    seat, players = before.actor, before.players
    for sentence in narrate_sentences(before, action, turn.after, LEARNER, EN):
        yield "narration", sentence
    perspective = Perspective(seat, LEARNER, players)
    for sentence in move_reasons(judge(before, action), turn.decision.reasons, EN, perspective):
        yield "history", sentence
    if turn.hint is not None:
        own = Perspective(LEARNER, LEARNER, players)
        for sentence in reason_sentences(turn.hint.reasons, EN, "permit", own):
            yield "hint", sentence


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_no_sentence_speaks_to_another_seat_in_the_second_person(preset: str) -> None:
    found = []
    for turn in turns(preset):
        players = turn.before.players
        for where, sentence in told(turn):
            problem = misplaced(sentence, players)
            if problem is not None:
                found.append((where, f"seat {turn.before.actor}", str(turn.decision.action),
                              sentence.text, problem))
    assert found == [], found[:10]


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_another_seats_move_is_told_in_the_third_person(preset: str) -> None:
    """The history of another seat's move names that seat: no reason sentence is the learner's
    own, and the verdict's headline is about that seat too."""
    seen = 0
    for turn in turns(preset):
        before, seat = turn.before, turn.before.actor
        if seat == LEARNER:
            continue
        perspective = Perspective(seat, LEARNER, before.players)
        verdict = judge(before, turn.decision.action)
        explanation = explain_verdict(verdict, EN, perspective)
        assert not speaks_to(explanation.headline, seat, before.players), explanation.headline
        for sentence in move_reasons(verdict, turn.decision.reasons, EN, perspective):
            # a sentence about another seat speaks to nobody, or to the learner it is put to
            # ("Your partner may ask you ...")
            assert sentence.you in (None, LEARNER), (str(turn.decision.action), sentence.text)
            seen += 1
    assert seen > 100  # the games did give other seats' moves reasons


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_history_narration_is_what_the_table_shows(preset: str) -> None:
    for turn in turns(preset)[:200]:
        sentences = narrate_sentences(turn.before, turn.decision.action, turn.after, LEARNER, EN)
        assert narrate(turn.before, turn.decision.action, turn.after, LEARNER, EN) == " ".join(
            s.text for s in sentences)


def _held(before: GameState, card: Card) -> int:
    return Counter(c.rank for c in before.hands[before.actor])[card.rank]


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_no_card_is_called_single_while_the_hand_holds_its_pair(preset: str) -> None:
    checked = paired = 0
    for turn in turns(preset):
        decisions = [d for d in (turn.decision, turn.hint) if d is not None]
        for decision in decisions:
            action = decision.action
            if not isinstance(action, Discard):
                continue
            held = _held(turn.before, action.card)
            for reason in decision.reasons:
                if reason.rule == "S-SINGLE-DISCARD":
                    assert held == 1, (str(action), held)
                    checked += 1
                if reason.rule == "S-BREAK-GROUP":
                    assert reason.param_map["held"] == held > 1, (str(action), held)
                    paired += 1
            perspective = Perspective(turn.before.actor, LEARNER, turn.before.players)
            for sentence in reason_sentences(decision.reasons, EN, "permit", perspective):
                if "is a single card" in sentence.text:
                    assert held == 1, (str(action), sentence.text)
    assert checked and paired  # both kinds of discard came up
