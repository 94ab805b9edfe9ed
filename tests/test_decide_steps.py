"""Decide steps: read strictly, checked by the engine (every option's moves and facts, every legal
move some option's), worded per option, and answered best and worse in the app."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutor.engine.actions import Action
from tutor.engine.listing import legal_actions
from tutor.i18n import translator
from tutor.lessons.answers import judge_move, option_of
from tutor.lessons.load import LessonError, load_all, load_file
from tutor.lessons.model import Lesson, Step, StepKind
from tutor.lessons.runner import BEST_MOVE, BEST_WAS, BETTER_MOVE, move_feedback
from tutor.lessons.validate import check_lesson, decide_problems
from tutor.ui.lesson_table import give_answer
from tutor.ui.session import KEY

APP = str(Path(__file__).resolve().parent.parent / "streamlit_app.py")
HEAD = '''id = "pile-choice"
family = "classic"
order = 7
title = "A choice"

[[steps]]
id = "intro"
kind = "explain"
text = "A choice follows."
'''
# Every seat holds a hand, so that "feeds" can be judged for the next player.
POSITION = ('{ turn = 0, phase = "draw", hands = ["KH KS 5D 6D 9C 10H 4S", '
            '"5H 6H 7C 9D 10C JD AS", "4H 5C 6C 7D 9H 10D JS", "3C 4D 5S 6S 7H 9S 10S"], '
            'sides = [["QH QS QD"], []], pile = "4C 7S 8D 8H JC KD" }')
STEP = f'''
[[steps]]
id = "pile-or-stock"
kind = "decide"
text = "The pile holds six cards with a king on top, and you hold two kings."
question = "Take the pile or draw from the stock?"
position = {POSITION}
hint = "Count what each move brings you."

[[steps.options]]
moves = ["take KH KS"]
best = true
why = "Six cards for one move, and three kings melded."
facts = {{ pile = 6 }}

[[steps.options]]
any = "draw"
why = "One card from the stock, while six cards stay for the next player."
'''


def lesson_from(tmp_path: Path, text: str) -> Lesson:
    path = tmp_path / "classic-07-choice.toml"
    path.write_text(HEAD + text, encoding="utf-8")
    return load_file(path)


def problems(tmp_path: Path, text: str) -> list[str]:
    return [str(p) for p in check_lesson(lesson_from(tmp_path, text))]


def test_a_sound_decide_step_loads_and_replays(tmp_path: Path) -> None:
    lesson = lesson_from(tmp_path, STEP)
    step = lesson.step("pile-or-stock")
    assert step.kind is StepKind.DECIDE and len(step.options) == 2
    assert step.best_option is step.options[0]
    assert problems(tmp_path, STEP) == []


@pytest.mark.parametrize(("change", "says"), [
    (("best = true\n", ""), "exactly one option must be 'best = true'"),
    (('any = "draw"\n', 'any = "draw"\nbest = true\n'), "exactly one option"),
    (('any = "draw"', 'any = "shuffle"'), "'any' must be one of"),
    (('facts = { pile = 6 }', 'facts = { height = 6 }'), "unknown fact"),
    (('facts = { pile = 6 }', 'facts = { feeds = 1 }'), "must be true or false"),
    (('why = "One card', 'whyy = "One card'), "unknown key(s) whyy"),
    (('any = "draw"\n', ''), "give its 'moves', or 'any'"),
])
def test_a_broken_option_is_named(tmp_path: Path, change: tuple[str, str], says: str) -> None:
    with pytest.raises(LessonError) as raised:
        lesson_from(tmp_path, STEP.replace(*change, 1))
    assert says in str(raised.value) and "pile-or-stock" in str(raised.value)


def test_a_fact_the_engine_does_not_confirm_is_reported(tmp_path: Path) -> None:
    found = problems(tmp_path, STEP.replace("pile = 6", "pile = 7"))
    assert any("pile is 6, not 7" in p for p in found), found


def test_a_legal_move_no_option_stands_for_is_reported(tmp_path: Path) -> None:
    text = STEP.replace('any = "draw"', 'moves = ["draw"]').replace(
        'moves = ["take KH KS"]', 'moves = ["take KH KS"]')
    assert problems(tmp_path, text) == []  # draw and the one take are all the legal moves
    extra = text.replace('"KH KS 5D 6D 9C 10H 4S"', '"KH KS 2C 6D 9C 10H 4S"')
    found = problems(tmp_path, extra)
    assert any("legal moves no option stands for: take" in p for p in found), found


def test_an_illegal_or_unreachable_option_is_reported(tmp_path: Path) -> None:
    found = problems(tmp_path, STEP.replace('any = "draw"', 'moves = ["take KH 9C"]'))
    assert any("its move take 9C KH is illegal" in p or "is illegal" in p for p in found), found
    found = problems(tmp_path, STEP + '''
[[steps.options]]
any = "discard"
why = "Discarding is not possible before you draw."
''')
    assert any("no legal move is 'discard'" in p for p in found), found


def test_feeds_is_judged_with_the_next_players_hand(tmp_path: Path) -> None:
    """After a discard of a five the next player (two fives in hand, their side melded) may
    take the pile; after a four they may not."""
    position = POSITION.replace('phase = "draw"', 'phase = "play"').replace(
        '"5H 6H 7C', '"5H 5C 7C').replace('"4H 5C 6C', '"4H 6D 6C').replace(
        '[["QH QS QD"], []]', '[["QH QS QD"], ["AH AD AC"]]')  # their side has melded
    text = f'''
[[steps]]
id = "which-discard"
kind = "decide"
text = "Which card do you discard?"
question = "Which card?"
position = {position}

[[steps.options]]
moves = ["discard 4S"]
best = true
why = "The four is safe."
facts = {{ feeds = false }}

[[steps.options]]
moves = ["discard 5D"]
why = "The next player holds two fives."
facts = {{ feeds = true }}

[[steps.options]]
any = "discard"
why = "Another card."
'''
    found = problems(tmp_path, text)
    assert not [p for p in found if "feeds" in p], found
    wrong = text.replace("feeds = true", "feeds = false")
    assert any("discard 5D: feeds is True, not False" in p for p in problems(tmp_path, wrong))


def test_each_option_is_worded_and_the_best_revealed_after_two_worse(tmp_path: Path) -> None:
    lesson = lesson_from(tmp_path, STEP)
    step = lesson.step("pile-or-stock")
    tr = translator("en")
    best = move_feedback(lesson, step, "take KH KS", tr)
    assert best.correct and best.lines[:2] == (BEST_MOVE, step.options[0].why)
    worse = move_feedback(lesson, step, "draw", tr)
    assert not worse.correct and worse.lines == (BETTER_MOVE, step.options[1].why, step.hint)
    revealed = move_feedback(lesson, step, "draw", tr, reveal=True)
    assert revealed.lines == (BETTER_MOVE, step.options[1].why, BEST_WAS, step.options[0].why)
    illegal = judge_move(step, "take KH 9C")
    assert illegal.option is None and not illegal.correct and illegal.verdict is not None


def decide_steps() -> list[tuple[str, str]]:
    return [(lesson.id, step.id) for lesson in load_all() for step in lesson.steps
            if step.kind is StepKind.DECIDE]


def test_the_lessons_have_decide_steps_and_every_lesson_from_the_first_meld_ends_with_one() -> None:
    lessons = load_all()
    assert len(decide_steps()) >= 30
    first_meld = {"classic": 6, "modern": 1}
    for lesson in lessons:
        if lesson.order >= first_meld[lesson.family.value]:
            assert StepKind.DECIDE in {s.kind for s in lesson.steps[-3:]}, lesson.id
            assert lesson.steps[-1].kind in (StepKind.DECIDE, StepKind.EXPLAIN, StepKind.PLAY), \
                lesson.id


def a_move_of(step: Step, index: int) -> Action:
    """A legal move that stands for option ``index``."""
    assert step.position is not None
    option = step.options[index]
    if option.moves:
        return option.moves[0]
    return next(a for a in legal_actions(step.position) if option_of(step, a) == index)


@pytest.mark.parametrize(("lesson_id", "step_id"), decide_steps())
def test_every_decide_step_answered_worse_then_best_in_the_app(lesson_id: str,
                                                              step_id: str) -> None:
    """Each worse option, chosen, shows its own explanation and keeps the table live; after two
    the best is said; the best, chosen, is played and explained, and the step is done."""
    lesson = next(item for item in load_all() if item.id == lesson_id)
    step = lesson.step(step_id)
    assert list(decide_problems(step)) == []
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lesson"] = lesson.id
    at.query_params["step"] = str(lesson.steps.index(step) + 1)
    at.run()
    session = at.session_state[KEY]
    tr = translator("en")
    worse = [i for i, option in enumerate(step.options) if not option.best]
    for count, index in enumerate(worse, start=1):
        give_answer(session, lesson, step, str(a_move_of(step, index)))
        at.run()
        assert not at.exception, [e.value for e in at.exception]
        shown = "\n".join(w.value for w in at.warning)
        assert BETTER_MOVE in shown and step.options[index].why in shown, shown
        assert (BEST_WAS in shown) == (count >= 2)
        assert step.id not in session.progress.get(lesson.id, set())
    best = step.options.index(step.best_option) if step.best_option else 0
    give_answer(session, lesson, step, str(a_move_of(step, best)))
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    shown = "\n".join(s.value for s in at.success)
    assert tr.gettext(BEST_MOVE) in shown and step.options[best].why in shown, shown
    assert step.id in session.progress[lesson.id]


# ----- the play step: a whole unscripted hand, then the coach ----------------------------------

def play_steps() -> list[tuple[str, str]]:
    return [(lesson.id, step.id) for lesson in load_all() for step in lesson.steps
            if step.kind is StepKind.PLAY]


def test_the_classic_path_ends_with_a_whole_hand_and_the_partner_question() -> None:
    """Item 5 of the issue: the last Classic lesson has a play step, and a decide step where
    the learner answers their partner's "may I go out?"."""
    classic = [lesson for lesson in load_all() if lesson.family.value == "classic"
               and not lesson.strategy]
    last = max(classic, key=lambda lesson: lesson.order)
    kinds = [step.kind for step in last.steps]
    assert StepKind.PLAY in kinds, last.id
    answers = [step for lesson in classic for step in lesson.steps
               if step.kind is StepKind.DECIDE and step.position is not None
               and step.position.phase.value == "answer"]
    assert answers, "no decide step answers the partner's question"


def test_a_play_step_takes_no_position(tmp_path: Path) -> None:
    text = '''
[[steps]]
id = "whole-hand"
kind = "play"
text = "Play a whole hand."
position = { turn = 0, phase = "draw", hands = ["KH", "", "", ""] }
'''
    with pytest.raises(LessonError, match=r"unknown key.*position.*play step"):
        lesson_from(tmp_path, text)


def test_a_play_step_deals_a_hand_and_is_done_when_the_hand_is() -> None:
    from test_coach import finished_practice

    (lesson_id, step_id), *_ = play_steps()
    lesson = next(item for item in load_all() if item.id == lesson_id)
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lesson"] = lesson_id
    at.query_params["step"] = str([s.id for s in lesson.steps].index(step_id) + 1)
    at.run()
    at.button(key="play-hand").click().run()
    assert not at.exception, [e.value for e in at.exception]
    session = at.session_state[KEY]
    assert session.lesson_hand == (lesson_id, step_id)
    assert session.practice is not None and session.practice.rules.preset == lesson.rules.preset
    assert step_id not in session.progress.get(lesson_id, set())
    session.practice = finished_practice(lesson.rules.preset, seed=3)
    at.switch_page("app_pages/practice.py").run()
    assert not at.exception, [e.value for e in at.exception]
    assert step_id in session.progress[lesson_id]
    assert any("the lesson step is done" in info.value for info in at.info)
    assert at.button(key="coach_review") is not None  # the coach's review is offered beside
    at.button(key="back-to-lesson").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("You played a whole hand" in s.value for s in at.success)


def test_each_family_has_a_strategy_path_of_its_own_after_the_rules() -> None:
    """Strategy lessons (files <family>-strategy-NN-…) are a path of their own on the map, and
    the end of a family's last rules lesson leads to its first strategy lesson."""
    lessons = load_all()
    for family in ("classic", "modern"):
        strategy = sorted((x for x in lessons if x.family.value == family and x.strategy),
                          key=lambda x: x.order)
        assert strategy, family
        for lesson in strategy:
            assert sum(s.kind is StepKind.DECIDE for s in lesson.steps) >= 3, lesson.id
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    headings = [h.value for h in at.subheader]
    assert headings.index("Classic Canasta") < headings.index("Classic Canasta: strategy")
    assert "Modern American Canasta: strategy" in headings
    rules = sorted((x for x in lessons if x.family.value == "classic" and not x.strategy),
                   key=lambda x: x.order)
    first = min((x for x in lessons if x.family.value == "classic" and x.strategy),
                key=lambda x: x.order)
    last = rules[-1]
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lesson"] = last.id
    at.query_params["step"] = str(len(last.steps))
    at.run()
    at.button(key="skip").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert any(first.title in b.label for b in at.button if b.key == "next_lesson")


def test_an_option_not_explained_in_a_language_is_reported(tmp_path: Path) -> None:
    lesson = lesson_from(tmp_path, STEP)  # its texts are in no catalog
    found = [str(p) for p in check_lesson(lesson, languages=("en", "de", "fr"))]
    assert any("option 1's why is not translated in de, fr" in p for p in found), found
    assert not [p for p in check_lesson(lesson, languages=("en",)) if "translated" in str(p)]
