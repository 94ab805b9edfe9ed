"""The lessons and the review say one thing at a time (issue 22, items 5 to 7), through AppTest:
no mastery for a lesson never opened, no "not done" for the step being answered, one "Right!"
per right answer, a watch step whose counter, table and heading agree, and a review whose wrong
answer gets a second try and then the right move with its reasons, charted by topic names."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tutor.i18n import LANGUAGES, translator
from tutor.lessons.load import load_all
from tutor.lessons.validate import rules_exercised
from tutor.ui.card_table import mounted_data
from tutor.ui.lesson_table import watch_lines
from tutor.ui.pages import review
from tutor.ui.practice_table import handle_intent
from tutor.ui.session import KEY
from tutor.ui.watch_table import SEAT_PLAYING, YOU_PLAYING, WatchPlace, watch_data
from tutor.words.narrate import SeatRole, seat_label, seat_role

APP = str(Path(__file__).resolve().parent.parent / "streamlit_app.py")
LESSONS = {lesson.id: lesson for lesson in load_all()}


def run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def app(**query: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    for name, value in query.items():
        at.query_params[name] = value
    return run(at)


def table(at: AppTest, key: str) -> dict[str, Any]:
    found = [e for e in at.get("bidi_component") if e.key == key]
    assert found, f"no table {key}"
    return mounted_data(found[0].proto.json)  # type: ignore[no-any-return]


def click(at: AppTest, key: str) -> AppTest:
    at.button(key=key).click()
    return run(at)


def choose(at: AppTest, label: str, prefix: str = "choice-") -> AppTest:
    next(b for b in at.button if b.key and b.key.startswith(prefix) and b.label == label).click()
    return run(at)


def captions(at: AppTest) -> list[str]:
    return [str(c.value) for c in at.caption]


# ----- the lesson map and the end of a lesson ---------------------------------------------------

def test_a_lesson_never_opened_shows_no_mastery_of_rules_learned_elsewhere() -> None:
    at = app(lesson="cards-and-values", step="4")
    choose(at, "85")  # the value of a hand, right: C-CARD-1 is known now
    click(at, "all_lessons")
    run(at)  # the mastery written after the answer's page
    mastery = [c for c in captions(at) if "mastery" in c]
    assert len(mastery) == 1, captions(at)  # cards-and-values, the lesson worked on
    # scoring-a-hand exercises C-CARD-1 too (its mastery showed there), but was never opened
    assert "C-CARD-1" in {rule for step in LESSONS["scoring-a-hand"].steps
                          for rule in rules_exercised(LESSONS["scoring-a-hand"], step)}
    assert "scoring-a-hand" not in at.session_state[KEY].progress


def test_the_last_step_being_answered_is_not_listed_as_not_done() -> None:
    lesson = LESSONS["cards-and-values"]
    last = len(lesson.steps)
    at = app(lesson=lesson.id, step=str(last))
    assert not at.warning, [w.value for w in at.warning]  # no end of the lesson yet
    assert not [b for b in at.button if b.key and b.key.startswith("goto-")]
    choose(at, "85" if lesson.steps[-1].id == "value-of-a-hand" else right_label(lesson.id))
    listed = [b.label for b in at.button if b.key and b.key.startswith("goto-")]
    assert listed and f"Step {last}" not in listed, listed  # the earlier steps, not this one
    assert any("not done yet" in str(w.value) for w in at.warning)


def test_a_skipped_last_step_is_listed_as_skipped() -> None:
    lesson = LESSONS["cards-and-values"]
    last = len(lesson.steps)
    at = app(lesson=lesson.id, step=str(last))
    click(at, "skip")
    listed = [b.label for b in at.button if b.key and b.key.startswith("goto-")]
    assert f"Step {last} · skipped" in listed, listed


def right_label(lesson_id: str, index: int = -1) -> str:
    from tutor.lessons.answers import engine_answer
    from tutor.lessons.runner import choice_label

    lesson = LESSONS[lesson_id]
    step = lesson.steps[index]
    return choice_label(engine_answer(step, lesson.rules), translator("en"))


def test_a_quizs_right_answer_says_right_once() -> None:
    lesson = LESSONS["wild-cards-and-threes"]  # its success text began with "Right:"
    index = next(i for i, step in enumerate(lesson.steps) if step.id and step.success
                 and step.kind.value == "quiz")
    at = app(lesson=lesson.id, step=str(index + 1))
    choose(at, right_label(lesson.id, index))
    [said] = [str(s.value) for s in at.success]
    assert said.count("Right") == 1, said


# ----- the watch step ---------------------------------------------------------------------------

WATCHED = LESSONS["a-turn"]
WATCH_INDEX = next(i for i, step in enumerate(WATCHED.steps) if step.kind.value == "watch")
WATCH_STEP = WATCHED.steps[WATCH_INDEX]


def watch_app() -> AppTest:
    return app(lesson=WATCHED.id, step=str(WATCH_INDEX + 1))


def test_the_watch_step_has_one_row_of_controls_and_one_back() -> None:
    at = watch_app()
    keys = {b.key for b in at.button}
    assert {"back", "watch-replay", "watch-back", "watch-play", "watch-forward"} <= keys
    assert "restart" not in keys  # "From the start" is the watch step's restart
    labels = [b.label for b in at.button]
    assert labels.count("Back") == 1, labels
    assert not table(at, "lesson_table")["replay"]["frames"]  # the page plays, not the table


def test_the_counter_and_the_table_show_the_same_move() -> None:
    at = watch_app()
    total = len(WATCH_STEP.moves)
    assert f"{total} moves to watch" in captions(at)
    for shown in range(1, total + 1):
        click(at, "watch-forward")
        data = table(at, "lesson_table")
        assert f"Move {shown} of {total}" in captions(at)
        assert len(data["log"]) == shown
        expected = watch_data(WATCHED, WATCH_STEP, shown, translator("en"))
        assert data["hand"] == expected["hand"] and data["board"] == expected["board"]
    assert at.button(key="watch-forward").disabled and not at.button(key="next").disabled
    click(at, "watch-back")
    assert f"Move {total - 1} of {total}" in captions(at)


def test_play_turns_into_pause_and_pause_holds_a_real_position() -> None:
    at = watch_app()
    click(at, "watch-forward")
    click(at, "watch-play")
    assert at.button(key="watch-play").label == "Pause"
    assert at.session_state[KEY].watch_playing
    click(at, "watch-play")  # pause: the move shown stays, as the engine left it
    assert at.button(key="watch-play").label == "Play the moves"
    data = table(at, "lesson_table")
    assert "Move 1 of" in " ".join(captions(at)) and len(data["log"]) == 1
    after = watch_data(WATCHED, WATCH_STEP, 1, translator("en"))
    assert data["hand"] == after["hand"] and data["board"]["pile"] == after["board"]["pile"]


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_watch_heading_is_a_sentence_for_every_seat(lang: str) -> None:
    """"You is playing" was "{who} is playing." filled with the learner's own seat name: the
    learner's moves get a sentence of their own, every other seat the template with its name."""
    tr = translator(lang)
    wrong = tr.format(tr.gettext(SEAT_PLAYING), SEAT_PLAYING, who=seat_label(SeatRole.YOU, tr))
    seen = set()
    for lesson in LESSONS.values():
        for step in lesson.steps:
            if step.kind.value != "watch" or step.position is None:
                continue
            learner, players = step.position.turn, step.position.players
            movers = [step.position.actor, *(line.seat for line in watch_lines(lesson, step, tr))]
            for shown, mover in enumerate(movers):
                prompt = str(watch_data(lesson, step, shown, tr)["prompt"])
                # Where the language's own sentence reads as the filled template (nb "Du spiller
                # nå.", pt_BR "Você está jogando."), the template would have been right too.
                if tr.gettext(YOU_PLAYING) != wrong:
                    assert prompt != wrong, (lesson.id, step.id, shown)
                role = seat_role(mover, learner, players)
                seen.add(role)
                assert prompt == (tr.gettext(YOU_PLAYING) if role is SeatRole.YOU else
                                  tr.format(tr.gettext(SEAT_PLAYING), SEAT_PLAYING,
                                            who=seat_label(role, tr)))
    assert SeatRole.YOU in seen and len(seen) > 1  # the lessons watch the learner and others


def test_the_counter_before_and_after_the_moves() -> None:
    english = translator("en")
    assert WatchPlace.of(WATCH_STEP, 0).counter(english) == \
        f"{len(WATCH_STEP.moves)} moves to watch"
    assert WatchPlace.of(WATCH_STEP, 99).at_end
    assert WatchPlace.of(WATCH_STEP, -3).at_start


# ----- review -----------------------------------------------------------------------------------

def practice_error(at: AppTest) -> None:
    """Pass before drawing in a practice hand: the engine forbids it, the position is kept."""
    at.switch_page("app_pages/practice.py")
    run(at)
    at.number_input(key="seed").set_value(3)
    run(at)
    click(at, "new_hand")
    data = table(at, "table")
    handle_intent(at.session_state[KEY], {"kind": "pass", "selected": [],
                                          "version": data["version"]}, translator("en"))
    run(at)
    at.switch_page("app_pages/review.py")
    run(at)


def test_a_wrong_review_move_gets_a_second_try_then_the_right_move_with_reasons() -> None:
    at = app()
    practice_error(at)
    state = at.session_state[review.STATE]
    assert len(state.tasks) == 1
    assert review.play(state, "pass") is not None  # the first try is recorded
    run(at)
    [warning] = [str(w.value) for w in at.warning]
    assert warning == "Not quite. Have another try."  # the table says why, once
    first = table(at, review.TABLE)
    assert not first["readonly"] and first["buttons"]  # the table takes the second try
    assert first["verdict"]["headline"] == "You may not pass now."
    assert at.button(key="review-skip") and not [b for b in at.button if b.key == "review-next"]
    assert review.play(state, "pass") is None  # the second try is not recorded
    run(at)
    shown = table(at, review.TABLE)
    assert shown["readonly"] and shown["verdict"]["legal"]  # the right move, played out
    assert shown["log"] and shown["log"][0]["text"].startswith("You drew")
    [info] = [str(i.value) for i in at.info]
    assert "The right move: Draw from the stock" in info
    assert "the pile cannot be taken or is not worth it" in info  # a good player's reason
    assert shown["verdict"]["reasons"]  # and the rules' reasons, on the table
    [warning] = [str(w.value) for w in at.warning]  # why the try was wrong, now off the table
    assert warning.startswith("You may not pass now.")
    assert at.button(key="review-next")


def test_a_right_second_try_is_right_but_only_the_first_try_counts() -> None:
    at = app()
    practice_error(at)
    state = at.session_state[review.STATE]
    review.play(state, "pass")
    assert review.play(state, "draw") is None
    run(at)
    assert any("Right!" in str(s.value) for s in at.success)
    assert state.finished and state.right == 0
    assert table(at, review.TABLE)["readonly"]


def test_a_review_quiz_gets_a_second_try_then_its_answer() -> None:
    at = app()
    state = review.Round(tasks=[review.Task("C-CARD-1", "", "cards-and-values",
                                            "value-of-a-hand")], started=True)
    at.session_state[review.STATE] = state
    at.switch_page("app_pages/review.py")
    run(at)
    choose(at, "95", prefix="review-choice-")
    assert at.button(key="review-choice-95").disabled  # tried: not offered again
    assert not at.button(key="review-choice-85").disabled
    assert any("Have another try" in str(w.value) for w in at.warning)
    assert not any("The answer is" in str(w.value) for w in at.warning)
    choose(at, "80", prefix="review-choice-")
    assert any("The answer is 85" in str(w.value) for w in at.warning)
    assert at.button(key="review-next")


def test_the_mastery_chart_names_topics_and_keeps_ids_for_the_hover() -> None:
    at = app()
    practice_error(at)
    [chart] = at.get("plotly_chart")
    bar = json.loads(chart.proto.spec)["data"][0]
    assert bar["y"] and not [label for label in bar["y"] if "-" in label and
                             label.split("-")[0] in ("C", "M", "C2", "C3")]
    assert "A turn" in bar["y"]
    assert any("C-TURN-2" in ids for ids in bar["customdata"])
    assert "%{customdata}" in bar["hovertemplate"]
    title = next(str(m.value) for m in at.markdown if "Practise this rule" in str(m.value))
    assert "C-TURN" not in title
