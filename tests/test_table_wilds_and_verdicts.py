"""Wild cards selected alone and the table's one verdict area (issue 22, items 1 and 3).

A learner who selects a two and clicks *Meld* means "lay it on my meld": the engine says which
of the side's melds may take it, the table lays it there or asks which. Whatever the learner did
last is the one word on the table: a notice, a verdict, or the preview of the melds put aside;
the turn that ended leaves nothing behind once the computer players have played. Tested through
the intents the table sends (handle_intent, handle_step_intent), the lessons' own texts, and
the practice page under AppTest.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import position
from streamlit.testing.v1 import AppTest

from tutor.engine.cards import Rank
from tutor.engine.state import GameState, Phase
from tutor.i18n import translator
from tutor.lessons.answers import judge_move
from tutor.lessons.load import load_all
from tutor.ui.card_table import mounted_data
from tutor.ui.card_table.intents import Intent, IntentKind, StagedGroup, WildChoice, resolve
from tutor.ui.card_table.model import TableInput, table_data
from tutor.ui.card_table.wilds import wild_targets
from tutor.ui.lesson_table import handle_step_intent, step_table
from tutor.ui.practice import Practice
from tutor.ui.practice_table import handle_intent, live_data
from tutor.ui.session import KEY, TutorSession
from tutor.words.explain import rank_name

EN = translator("en")
DE = translator("de")
APP = str(Path(__file__).resolve().parent.parent / "streamlit_app.py")


def staged(learner: TutorSession) -> list[StagedGroup]:
    """The groups the practice table holds put aside."""
    return list(learner.table("table").staged)


def asked(learner: TutorSession) -> WildChoice | None:
    """The question the practice table is to ask."""
    return learner.table("table").choice


def learner_with(state: GameState) -> TutorSession:
    learner = TutorSession()
    learner.practice = Practice(state.rules, 1, "standard", [state])
    return learner


def positions(hand: tuple[Any, ...], cards: tuple[str, ...]) -> list[int]:
    """The first free positions of ``cards`` in ``hand`` (two eights are two cards)."""
    names = [str(c) for c in hand]
    picked: list[int] = []
    for card in cards:
        picked.append(next(i for i, c in enumerate(names) if c == card and i not in picked))
    return picked


def send(learner: TutorSession, kind: str, *cards: str, tr: Any = EN, **extra: Any) -> None:
    """What the browser sends for a click on ``kind`` with ``cards`` selected."""
    assert learner.practice is not None
    data = live_data(learner, learner.practice, tr)
    handle_intent(learner, {"kind": kind, "version": data["version"],
                            "selected": positions(learner.practice.state.hands[0], cards),
                            **extra}, tr)


def table(learner: TutorSession, tr: Any = EN) -> dict[str, Any]:
    assert learner.practice is not None
    return live_data(learner, learner.practice, tr)


def played(learner: TutorSession) -> list[str]:
    assert learner.practice is not None
    return [str(e.action) for e in learner.practice.entries]


# ----- a lone wild card and Meld -------------------------------------------------------------

def test_meld_lays_a_lone_two_onto_the_one_meld_there_is() -> None:
    state = position("classic-4p", turn=0, phase="play", hands=["2D 5C 8H 9S", "", "", ""],
                     pile="4C 7S", sides=[["KH KH KS KS KD KD KC"], []])
    learner = learner_with(state)
    send(learner, "meld", "2D")
    assert played(learner) == ["meld 2D@K"]
    assert learner.verdict is not None and learner.verdict.legal
    data = table(learner)
    assert data["choice"] is None
    assert "This makes a mixed canasta of kings." in data["verdict"]["reasons"]


def test_meld_lays_it_where_the_engine_allows_when_only_one_meld_may_take_it() -> None:
    # The eights hold three wild cards already: only the kings may take the two.
    state = position("classic-4p", turn=0, phase="play", hands=["2C 5D 6D 9S", "", "", ""],
                     pile="4C", sides=[["KH KS KD", "8H 8H 8S 8D 2C JK 2D"], []])
    learner = learner_with(state)
    send(learner, "meld", "2C")
    assert played(learner) == ["meld 2C@K"]


def test_meld_asks_which_meld_when_several_may_take_the_wild_cards() -> None:
    state = position("classic-4p", turn=0, phase="play", hands=["2C 5D 6D 9S", "", "", ""],
                     pile="4C", sides=[["KH KS KD", "7H 7S 7D"], []])
    learner = learner_with(state)
    send(learner, "meld", "2C")
    assert played(learner) == [] and learner.verdict is None
    choice = table(learner)["choice"]
    assert choice["kind"] == "meld" and choice["label"] == "Lay the wild card onto"
    assert [(o["rank"], o["label"]) for o in choice["options"]] == [("K", "kings"),
                                                                     ("7", "sevens")]
    assert choice["positions"] == positions(state.hands[0], ("2C",))
    send(learner, "meld", "2C", onto="7")  # the learner's answer: Meld, onto the sevens
    assert played(learner) == ["meld 2C@7"]
    assert table(learner)["choice"] is None


def test_the_question_is_asked_in_the_learners_language() -> None:
    state = position("classic-4p", turn=0, phase="play", hands=["2C JK 5D 9S", "", "", ""],
                     pile="4C", sides=[["KH KS KD", "7H 7S 7D"], []])
    learner = learner_with(state)
    send(learner, "meld", "2C", "JK", tr=DE)
    choice = table(learner, DE)["choice"]
    assert choice["label"] == DE.ngettext("Lay the wild card onto", "Lay the wild cards onto", 2)
    assert [o["label"] for o in choice["options"]] == [rank_name(Rank.KING, DE),
                                                       rank_name(Rank.SEVEN, DE)]


def test_with_no_meld_that_may_take_it_the_engines_reason_is_given() -> None:
    full = position("classic-4p", turn=0, phase="play", hands=["2C 5D 6D 9S", "", "", ""],
                    pile="4C", sides=[["8H 8H 8S 8D 2C JK 2D"], []])
    learner = learner_with(full)  # one meld, and it holds three wild cards already
    send(learner, "meld", "2C")
    verdict = learner.verdict
    assert verdict is not None and not verdict.legal
    assert {r.rule for r in verdict.forbidding} >= {"C-MELD-2"}  # not "never on their own"
    nothing = position("classic-4p", turn=0, phase="play", hands=["2C 5D 6D 9S", "", "", ""],
                       pile="4C", sides=[[], ["KH KS KD"]])
    learner = learner_with(nothing)  # no meld of the learner's side at all
    send(learner, "meld", "2C")
    assert learner.verdict is not None and [r.rule for r in learner.verdict.forbidding] == [
        "C-MELD-3"]


def test_modern_wild_cards_alone_may_form_a_meld_of_their_own() -> None:
    state = position("modern-american", turn=0, phase="play",
                     hands=["2C 2D JK 9C 9D", "", "", ""], sides=[["QS QD QC"], []])
    learner = learner_with(state)
    send(learner, "meld", "2C", "2D", "JK")  # the queens have too few naturals for them
    assert played(learner) == ["meld 2C 2D JK"]
    two = position("modern-american", turn=0, phase="play",
                   hands=["2C 9C 9D 5H", "", "", ""],
                   sides=[["KS KD KC KH KS", "QS QD QC QH QS"], []])
    learner = learner_with(two)
    send(learner, "meld", "2C")
    assert [o["rank"] for o in table(learner)["choice"]["options"]] == ["K", "Q"]
    wild_meld = position("modern-american", turn=0, phase="play",
                         hands=["2C 2D 9C 9D", "", "", ""],
                         sides=[["8S 8S 8D 8D 8H", "JK JK 2H"], []])
    learner = learner_with(wild_meld)
    send(learner, "stage", "2C")  # put aside offers every meld, the wild-card meld by name
    options = table(learner)["choice"]["options"]
    assert [(o["rank"], o["own"], o["label"]) for o in options] == [
        ("8", False, "eights"), (None, True, "wild cards")]
    send(learner, "meld", "2C")  # Meld goes where the engine allows: the wild-card meld
    assert played(learner) == ["meld 2C"]


def test_put_aside_goes_onto_the_one_meld_with_the_preview_and_else_offers_every_meld() -> None:
    one = position("classic-4p", turn=0, phase="play", hands=["2C 5D 6D 9S", "", "", ""],
                   pile="4C", sides=[["KH KS KD"], []])
    learner = learner_with(one)
    send(learner, "stage", "2C")
    assert staged(learner) == [StagedGroup(tuple(positions(one.hands[0], ("2C",))), Rank.KING)]
    data = table(learner)
    assert data["choice"] is None and data["preview"]["legal"]
    several = position("classic-4p", turn=0, phase="play", hands=["2C 5D 6D 9S", "", "", ""],
                       pile="4C", sides=[["KH KS KD", "8H 8H 8S 8D 2C JK 2D"], []])
    learner = learner_with(several)
    send(learner, "stage", "2C")  # arranging a move: the full eights are offered too
    assert [o["rank"] for o in table(learner)["choice"]["options"]] == ["K", "8"]
    send(learner, "stage", "2C", onto="8")
    data = table(learner)
    assert data["preview"] is not None and not data["preview"]["legal"]


def test_the_targets_are_the_engines_and_include_the_groups_put_aside() -> None:
    state = position("classic-4p", turn=0, phase="play", hands=["2C QH QS QD 9S", "", "", ""],
                     pile="4C", sides=[["KH KS KD"], []])
    hand = state.hands[0]
    queens = StagedGroup(tuple(positions(hand, ("QH", "QS", "QD"))))
    two = tuple(positions(hand, ("2C",)))
    targets = wild_targets(state, 0, (queens,))
    assert targets(IntentKind.COMMIT, two) == (Rank.KING, Rank.QUEEN)
    outcome = resolve(Intent(IntentKind.COMMIT, two), hand, (queens,), Phase.PLAY, targets)
    assert outcome.action is None and outcome.choice is not None
    assert outcome.choice.targets == (Rank.KING, Rank.QUEEN)
    # Before drawing nothing can be laid: Meld stays a meld (the engine says draw first).
    drawing = state.evolve(phase=Phase.DRAW)
    outcome = resolve(Intent(IntentKind.COMMIT, two), hand, (), Phase.DRAW,
                      wild_targets(drawing, 0, ()))
    assert outcome.choice is None and str(outcome.action) == "meld 2C"
    # A selection with a natural card is a meld of that rank: nothing to ask.
    mixed = tuple(positions(hand, ("2C", "QH", "QS")))
    outcome = resolve(Intent(IntentKind.COMMIT, mixed), hand, (), Phase.PLAY, targets)
    assert outcome.choice is None and str(outcome.action) == "meld QH QS 2C"


def test_the_question_belongs_to_its_table_and_any_click_closes_it() -> None:
    state = position("classic-4p", turn=0, phase="play", hands=["2C 5D 6D 9S", "", "", ""],
                     pile="4C", sides=[["KH KS KD", "7H 7S 7D"], []])
    learner = learner_with(state)
    send(learner, "meld", "2C")
    first = table(learner)["choice"]["id"]
    send(learner, "cancel", "2C")
    assert table(learner)["choice"] is None and played(learner) == []
    send(learner, "stage", "2C")
    assert table(learner)["choice"]["id"] != first  # asked again: a new question
    elsewhere = table_data(state, EN, TableInput(choice=asked(learner), version="other"))
    assert elsewhere["choice"] is None  # another table: the question is not shown there


def test_onto_null_is_an_answer_and_no_onto_asks() -> None:
    state = position("modern-american", turn=0, phase="play",
                     hands=["2C 2D JK 9C 9D 5H", "", "", ""],
                     sides=[["KS KD KC KH KS", "QS QD QC QH QS"], []])
    learner = learner_with(state)
    send(learner, "stage", "2C", "2D", "JK")  # nothing said: kings, queens or their own?
    assert [o["rank"] for o in table(learner)["choice"]["options"]] == ["K", "Q", None]
    send(learner, "stage", "2C", "2D", "JK", onto=None)  # the answer: a meld of their own
    assert staged(learner) == [StagedGroup(tuple(sorted(positions(state.hands[0],
                                                                 ("2C", "2D", "JK")))))]
    send(learner, "meld")
    assert played(learner) == ["meld 2C 2D JK"]


# ----- the lessons say what the table does ---------------------------------------------------

# (lesson, step, clicks): each click is (move, cards selected, meld chosen if the table asks)
LESSON_CLICKS: list[tuple[str, str, list[tuple[str, tuple[str, ...], str | None]]]] = [
    ("canastas", "wild-card-on-a-natural-canasta", [("meld", ("2D",), None)]),
    ("canastas", "mixed-sevens", [("meld", ("2C",), None)]),
    ("modern-wild-cards", "five-naturals", [("meld", ("2C",), None)]),
    ("modern-wild-cards", "sevens-stay-pure", [("meld", ("2C",), "7")]),
    ("modern-wild-cards", "lay-wild-cards", [("meld", ("2C", "2D", "JK"), None)]),
    ("modern-wild-cards", "wild-meld-first", [("stage", ("2C",), "8"), ("meld", (), None)]),
    ("modern-whole-hand", "joker-too-early",
     [("stage", ("10H", "10C", "10D"), None), ("meld", ("JK",), "9")]),
    ("modern-whole-hand", "two-on-the-nines", [("meld", ("2D",), None)]),
    ("modern-whole-hand", "finish-the-canasta", [("meld", ("JK",), None)]),
]


@pytest.mark.parametrize(("lesson_id", "step_id", "clicks"), LESSON_CLICKS,
                         ids=[f"{lesson}-{step}" for lesson, step, _ in LESSON_CLICKS])
def test_the_hint_of_a_wild_card_step_is_what_the_table_does(
        lesson_id: str, step_id: str, clicks: list[tuple[str, tuple[str, ...], str | None]]
) -> None:
    lesson = next(item for item in load_all() if item.id == lesson_id)
    step = next(item for item in lesson.steps if item.id == step_id)
    assert step.position is not None and step.hint
    hand = step.position.hands[step.position.turn]
    learner = TutorSession()
    for kind, cards, chosen in clicks:
        data = step_table(learner, lesson, step, EN)
        assert data is not None
        raw = {"kind": kind, "selected": positions(hand, cards), "version": data["version"]}
        handle_step_intent(learner, lesson, step, raw, EN)
        asked = step_table(learner, lesson, step, EN)
        assert asked is not None
        # The hint names the meld to choose exactly when the table asks.
        assert (asked["choice"] is not None) == (chosen is not None), (kind, asked["choice"])
        if chosen is not None:
            assert "choose" in step.hint
            handle_step_intent(learner, lesson, step, {**raw, "onto": chosen}, EN)
    assert learner.answer is not None and judge_move(step, learner.answer).correct, (
        learner.answer)


# ----- one verdict area ----------------------------------------------------------------------

def shown(data: dict[str, Any]) -> list[str]:
    """What the table's verdict area holds: one of notice, verdict, preview."""
    return [name for name in ("message", "verdict", "preview") if data[name]]


def test_a_staged_preview_then_an_illegal_meld_shows_only_the_latest() -> None:
    state = position("classic-4p", turn=0, phase="play", hands=["2C 5D 6D 9S 9H", "", "", ""],
                     pile="4C", sides=[["KH KH KS KS KD KD KC"], []])
    learner = learner_with(state)
    send(learner, "stage", "2C")  # onto the kings, the one meld: the preview speaks
    data = table(learner)
    assert shown(data) == ["preview"] and "mixed canasta" in " ".join(
        data["preview"]["reasons"])
    send(learner, "meld", "5D", "6D")  # with the staged two: not a meld, so illegal
    data = table(learner)
    assert shown(data) == ["verdict"] and not data["verdict"]["legal"] and data["why"]
    send(learner, "discard")  # no card selected: a notice, and nothing else
    data = table(learner)
    assert shown(data) == ["message"] and data["why"] == []
    send(learner, "unstage", group=0)
    assert shown(table(learner)) == []
    send(learner, "stage", "9S", "9H")  # too few cards: the preview says why, alone
    data = table(learner)
    assert shown(data) == ["preview"] and not data["preview"]["legal"]


OTHERS = ["4C 5C 6C 7C 8C 9C JC", "4D 5D 6D 7D 8D 9D JD", "4H 5H 6H 7H 8H 9H JH"]


def test_after_the_computer_players_round_nothing_of_the_previous_turn_remains() -> None:
    state = position("classic-4p", turn=0, phase="play", hands=["2C 5S 6S 9S QH", *OTHERS],
                     pile="4S", sides=[["KH KS KD"], []])
    learner = learner_with(state)
    send(learner, "pass")  # a refused move: a verdict and its rules
    assert table(learner)["verdict"] and table(learner)["why"]
    send(learner, "stage", "2C")  # onto the kings: the preview
    assert shown(table(learner)) == ["preview"]
    send(learner, "meld", "5S", "6S")  # refused: the verdict, about the staged two too
    assert shown(table(learner)) == ["verdict"]
    send(learner, "discard", "9S")  # the turn ends; the computer players play a round
    assert learner.practice is not None
    assert learner.practice.state.actor == 0 and len(learner.practice.entries) == 7
    data = table(learner)
    assert data["replay"]["frames"] and data["replay"]["verdict"]["legal"]  # while it plays
    assert shown(data) == [] and data["why"] == [] and data["choice"] is None
    assert data["staged"] == []
    learner.replay_pending = False  # the page, once the table has played the moves out
    data = table(learner)
    assert data["replay"] == {"id": data["replay"]["id"], "pace_ms": learner.pace_ms,
                              "frames": [], "verdict": None}
    assert shown(data) == [] and data["why"] == []


def test_a_lesson_step_shows_the_preview_without_the_verdict_before_it() -> None:
    lesson = next(item for item in load_all() if item.id == "canastas")
    step = next(item for item in lesson.steps if item.id == "wild-card-on-a-natural-canasta")
    assert step.position is not None
    hand = step.position.hands[0]
    learner = TutorSession()

    def click(kind: str, *cards: str) -> dict[str, Any]:
        data = step_table(learner, lesson, step, EN)
        assert data is not None
        handle_step_intent(learner, lesson, step, {"kind": kind, "version": data["version"],
                                                   "selected": positions(hand, cards)}, EN)
        after = step_table(learner, lesson, step, EN)
        assert after is not None
        return after

    data = click("meld", "5C", "8H")  # a wrong move: the engine's verdict
    assert shown(data) == ["verdict"] and not data["verdict"]["legal"]
    data = click("stage", "2D")  # put aside onto the kings: the preview replaces it
    assert shown(data) == ["preview"] and data["preview"]["legal"] and learner.answer is None
    assert data["staged"][0]["label"] == "two of diamonds → kings"


# ----- the practice page (AppTest) -----------------------------------------------------------

def table_of(at: AppTest) -> dict[str, Any]:
    tables = [e for e in at.get("bidi_component") if e.key == "table"]
    assert tables, "no card table on the page"
    return mounted_data(tables[0].proto.json)  # type: ignore[no-any-return]


def test_the_practice_page_asks_and_then_clears_the_turn() -> None:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page("app_pages/practice.py").run()
    at.button(key="new_hand").click().run()
    learner: TutorSession = at.session_state[KEY]
    assert learner.practice is not None
    state = position("classic-4p", turn=0, phase="play", hands=["2C 5S 6S 9S", *OTHERS],
                     pile="4S", sides=[["KH KS KD", "7H 7S 7D"], []])
    learner.practice = Practice(state.rules, 1, "standard", [state])

    def click(kind: str, *cards: str, **extra: Any) -> dict[str, Any]:
        data = table_of(at)
        handle_intent(at.session_state[KEY], {"kind": kind, "version": data["version"],
                                              "selected": positions(state.hands[0], cards),
                                              **extra}, EN)
        at.run()
        assert not at.exception, [e.value for e in at.exception]
        return table_of(at)

    at.run()
    data = click("meld", "2C")
    assert [o["label"] for o in data["choice"]["options"]] == ["kings", "sevens"]
    data = click("meld", "2C", onto="K")
    assert data["choice"] is None and data["verdict"]["legal"]
    data = click("discard", "9S")
    assert shown(data) == [] and data["why"] == []
    at.run()  # the page again, once the computer moves are played out
    data = table_of(at)
    assert shown(data) == [] and data["replay"]["verdict"] is None


def test_dealing_the_next_hand_leaves_nothing_of_the_hand_before() -> None:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page("app_pages/practice.py").run()
    at.button(key="new_hand").click().run()
    learner: TutorSession = at.session_state[KEY]
    state = position("classic-4p", turn=0, phase="play", hands=["2C", *OTHERS], pile="4S",
                     sides=[["KH KS KD KC KH KS KD"], []])
    learner.practice = Practice(state.rules, 1, "standard", [state])
    at.run()
    data = table_of(at)
    handle_intent(learner, {"kind": "meld", "version": data["version"], "selected": [0]}, EN)
    at.run()  # the two went onto a meld and the learner went out: the hand is over
    assert learner.practice.state.hand_over, learner.verdict
    at.button(key="next").click().run()  # the page's own button, not the table's
    assert not at.exception, [e.value for e in at.exception]
    data = table_of(at)
    assert shown(data) == [] and data["why"] == []
    at.run()
    assert table_of(at)["replay"]["verdict"] is None


def test_a_review_item_lays_a_lone_two_from_meld(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review plays lesson steps on the same table: Meld with the two is the step's move,
    not a wrong try."""
    from tutor.engine.records import dumps_position
    from tutor.ui.pages import review

    lesson = next(item for item in load_all() if item.id == "canastas")
    step = next(item for item in lesson.steps if item.id == "wild-card-on-a-natural-canasta")
    assert step.position is not None
    task = review.Task("C-MELD-6", dumps_position(step.position), lesson.id, step.id)
    item = review.Round(tasks=[task], started=True)
    learner = TutorSession()
    sent: list[object] = []
    monkeypatch.setattr(review, "current_round", lambda: item)
    monkeypatch.setattr(review.sessions, "get", lambda: learner)
    monkeypatch.setattr(review.card_table, "sent_intent", lambda key: sent[-1])
    data = review.table(learner, item, step.position, None, None, EN)
    sent.append({"kind": "meld", "version": data["version"],
                 "selected": positions(step.position.hands[0], ("2D",))})
    review.on_intent()
    assert (item.answer, item.correct, item.tries) == ("meld 2D@K", True, 0)
