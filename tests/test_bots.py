"""Computer players: legal, blind to hidden cards, deterministic; hints legal and explained."""

from __future__ import annotations

import pytest

from tutor.engine import apply, judge, new_game, rule_set
from tutor.engine.actions import Answer, Discard, NextHand, TakePile
from tutor.engine.cards import Rank, parse_cards
from tutor.engine.melds import Meld as MeldedCards
from tutor.engine.rules import PRESET_NAMES
from tutor.engine.state import DrawSource, GameState, Phase, Side, TurnInfo
from tutor.engine.view import observe
from tutor.i18n import translator
from tutor.play.bots import BOTS, Standard
from tutor.words.explain import explain_reason


def play(preset: str, seed: int, kinds: tuple[str, ...], hands: int = 2) -> list[GameState]:
    rules = rule_set(preset)
    players = [BOTS[kinds[s % len(kinds)]](seed + s) for s in range(rules.players)]
    state = new_game(rules, seed=seed)
    states = [state]
    played = 0
    while state.phase is not Phase.GAME_OVER and played < hands:
        if state.phase is Phase.HAND_OVER:
            played += 1
            state = apply(state, NextHand())
            continue
        decision = players[state.actor].decide(observe(state, state.actor))
        assert judge(state, decision.action).legal  # never an illegal attempt
        state = apply(state, decision.action)
        states.append(state)
    return states


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("seed", range(4))
def test_players_only_take_legal_actions(preset: str, seed: int) -> None:
    play(preset, seed, ("standard", "beginner", "random"))


def hidden_changed(state: GameState) -> GameState:
    """The same position for the seat to act, with the other hands and the stock shuffled."""
    seat = state.actor
    others = [c for s, hand in enumerate(state.hands) if s != seat for c in hand]
    pool = list(reversed(others + list(state.stock)))
    hands = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(pool[:len(hand)], key=str)))
            del pool[:len(hand)]
    return state.evolve(hands=tuple(hands), stock=tuple(pool))


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_players_read_no_hidden_information(preset: str) -> None:
    for state in play(preset, 7, ("standard",), hands=1)[::5]:
        if state.hand_over or state.phase is Phase.ANSWER:
            continue
        other = hidden_changed(state)
        assert len(other.all_cards()) == 108
        for kind in ("standard", "beginner"):
            a = BOTS[kind](1).decide(observe(state, state.actor))
            b = BOTS[kind](1).decide(observe(other, other.actor))
            assert a == b


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_same_seed_same_game(preset: str) -> None:
    first = play(preset, 11, ("standard", "beginner"))
    again = play(preset, 11, ("standard", "beginner"))
    assert first == again


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_hints_are_legal_and_explained_in_every_position(preset: str) -> None:
    tr = translator("sv")
    for state in play(preset, 3, ("beginner",), hands=1):
        if state.hand_over or state.phase is Phase.ANSWER:
            continue
        hint = Standard(0).decide(observe(state, state.actor))
        assert judge(state, hint.action).legal
        assert hint.reasons and all("{" not in explain_reason(r, tr, "permit")
                                    for r in hint.reasons)


def modern_position(hand: str, **changes: object) -> GameState:
    """A Modern hand in play, seat 0 to act with ``hand``; the other seats keep their deal."""
    state = new_game(rule_set("modern-american"), seed=5)
    hands = list(state.hands)
    hands[0] = parse_cards(hand)
    drawn = TurnInfo(drew=DrawSource.STOCK)
    return state.evolve(hands=tuple(hands), turn=0, turn_info=drawn, **changes)


@pytest.mark.parametrize("kind", ["standard", "beginner"])
def test_partner_holding_three_sevens_says_no_to_going_out(kind: str) -> None:
    state = modern_position("7H 7S 7C KD", phase=Phase.ANSWER)
    state = state.evolve(hands=(state.hands[2], state.hands[1], state.hands[0], state.hands[3]))
    decision = BOTS[kind](0).decide(observe(state, 2))
    assert decision.action == Answer(False)
    assert decision.reasons[0].rule == "S-ANSWER-NO-PENALTY"
    calm = state.evolve(hands=(state.hands[0], state.hands[1], parse_cards("7H 7S KD"),
                               state.hands[3]))
    assert BOTS[kind](0).decide(observe(calm, 2)).action == Answer(True)


def test_standard_discards_what_the_next_player_cannot_take_the_pile_with() -> None:
    """Five queens melded by the next player's side close the pile to queens (M-PILE-2)."""
    queens = parse_cards("QH QS QD QC QH")
    sides = (Side((0, 2)), Side((1, 3), (MeldedCards(Rank.QUEEN, queens),)))
    state = modern_position("QD 9S 4H 6C", sides=sides, phase=Phase.PLAY, pile=parse_cards(
        "8H 8S 5D 10C"))
    decision = Standard(0).decide(observe(state, 0))
    assert decision.action == Discard(parse_cards("QD")[0])
    assert decision.reasons[0].rule == "S-NO-PAIR-DISCARD"


@pytest.mark.parametrize("kind", ["standard", "beginner"])
def test_a_card_thrown_from_a_pair_is_not_called_single(kind: str) -> None:
    """Issue 22: the hint said "a single card" of the jack of clubs while the hand held J♣ J♥.
    With nothing but pairs in hand a pair is broken, and the reason says so."""
    state = new_game(rule_set("classic-4p"), seed=5)
    hands = list(state.hands)
    hands[0] = parse_cards("JC JH 9S 9D")
    state = state.evolve(hands=tuple(hands), turn=0, phase=Phase.PLAY,
                         turn_info=TurnInfo(drew=DrawSource.STOCK))
    decision = BOTS[kind](0).decide(observe(state, 0))
    assert isinstance(decision.action, Discard)
    reason = decision.reasons[0]
    rank = decision.action.card.rank
    assert reason.rule == "S-BREAK-GROUP"
    assert reason.param_map == {"card": str(decision.action.card), "rank": rank.symbol, "held": 2}
    text = explain_reason(reason, translator("en"), "permit")
    assert "single card that" not in text and "so one of your 2" in text, text
    single = state.evolve(hands=(parse_cards("JC JH 9S 5D"), *state.hands[1:]))
    reason = BOTS[kind](0).decide(observe(single, 0)).reasons[0]
    assert reason.rule == "S-SINGLE-DISCARD" and reason.param_map["card"] in ("9S", "5D")


def test_standard_leaves_the_lone_hand_to_the_others_at_three_players() -> None:
    """C3-3: the first to take the pile plays alone against a pair; while the stock lasts the
    standard player draws instead (it took piles of seven before, and lost to the beginner)."""
    tempting = 0
    for seed in range(3):
        for state in play("classic-3p", seed, ("beginner",), hands=1):
            if state.phase is not Phase.DRAW or state.lone_hand is not None or not state.stock:
                continue
            view = observe(state, state.actor)
            takes = [a for a in view.legal if isinstance(a, TakePile)]
            tempting += bool(takes) and view.pile_size >= 7
            assert not isinstance(Standard(0).decide(view).action, TakePile)
    assert tempting  # positions where the old player took the pile were among them


def test_standard_says_yes_to_going_out_in_modern_without_a_penalty_in_hand() -> None:
    """M-OUT-4: a no binds the asker to stay in; with a heavy hand but no three aces or sevens
    the standard player now says yes (its no kept Modern games going past 30 hands)."""
    state = modern_position("KH KS QD QC JH 10S 9D 8C", phase=Phase.ANSWER)
    state = state.evolve(hands=(state.hands[2], state.hands[1], state.hands[0], state.hands[3]))
    decision = Standard(0).decide(observe(state, 2))
    assert decision.action == Answer(True)
    assert decision.reasons[0].rule == "S-ANSWER-YES"
