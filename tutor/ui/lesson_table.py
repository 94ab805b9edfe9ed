"""A lesson step on the card table: the same table as practice, from the step's position.

*Do* steps are played on it and then show the position after the learner's move; *watch* steps
play their moves out one by one with the lesson's commentary; any other step with a position
shows it to look at. No Streamlit calls here: the page mounts the table and passes the intents.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tutor.engine.actions import Action
from tutor.engine.errors import TutorError
from tutor.engine.judge import apply, judge
from tutor.engine.state import GameState
from tutor.i18n import Translator
from tutor.lessons.answers import judge_move
from tutor.lessons.model import Lesson, Step, StepKind
from tutor.lessons.runner import say
from tutor.ui import attempts, progress
from tutor.ui.card_table.intents import IntentKind, staged_action
from tutor.ui.card_table.model import LogLine, ReplayFrame, TableInput, table_data, version_of
from tutor.ui.practice_table import read_intent
from tutor.ui.session import TutorSession
from tutor.words.narrate import narrate


@dataclass(frozen=True, slots=True)
class WatchLine:
    state: GameState  # the position after the move
    seat: int
    text: str  # the lesson's commentary, or the move told in words


def watch_lines(lesson: Lesson, step: Step, tr: Translator) -> tuple[WatchLine, ...]:
    """A watch step's moves, played through the engine, each with what it says."""
    assert step.position is not None
    state = step.position
    lines = []
    for move in step.moves:
        after = apply(state, move.action)
        text = say(lesson, move.say, tr) or narrate(state, move.action, after,
                                                     step.position.turn, tr)
        lines.append(WatchLine(after, state.actor, text))
        state = after
    return tuple(lines)


def _played(step: Step, answer: str | None) -> tuple[Action, GameState] | None:
    """The learner's move in a do step and the position after it, when it was the move the
    step asks for. Any other move leaves the table as it was, with the engine's verdict, so the
    learner can try again."""
    if not answer or step.position is None:
        return None
    result = judge_move(step, answer)
    if result.verdict is None or not result.verdict.legal or not result.correct:
        return None
    action = Action.parse(answer)
    return action, apply(step.position, action)


def step_table(learner: TutorSession, lesson: Lesson, step: Step, tr: Translator
               ) -> dict[str, object] | None:
    """The table for a step, or None when the step has no position."""
    position = step.position
    if position is None:
        return None
    seat = position.turn
    base = TableInput(learner=seat, four_colour=learner.four_colour, lesson=True)
    if step.kind is StepKind.WATCH:
        lines = watch_lines(lesson, step, tr)
        shown = max(0, min(learner.watch_index, len(lines)))
        state = lines[shown - 1].state if shown else position
        log = tuple(LogLine(line.seat, line.text) for line in lines[:shown])
        replay: tuple[ReplayFrame, ...] = ()
        if learner.watch_playing:  # "Play": from where it started to the end, at the table's pace
            replay = tuple(ReplayFrame(line.state, line.seat, index + 1)
                           for index, line in enumerate(lines) if index >= learner.watch_from)
        return table_data(state, tr, replace(
            base, readonly=True, log=log, replay=replay, moves=shown,
            replay_id=f"{lesson.id}-{step.id}-{learner.watch_run}",
            pace_ms=learner.pace_ms or 900))
    if step.kind is not StepKind.DO:
        return table_data(position, tr, replace(base, readonly=True))
    played = _played(step, learner.answer)
    verdict = None
    if learner.answer:
        try:
            verdict = judge(position, Action.parse(learner.answer))
        except TutorError:
            verdict = None
    if played is not None:
        action, after = played
        line = LogLine(seat, narrate(position, action, after, seat, tr))
        return table_data(after, tr, replace(base, readonly=True, verdict=verdict, log=(line,),
                                             moves=1))
    staged = tuple(learner.lesson_table_staged)
    preview_action = staged_action(position.hands[seat], staged, position.phase)
    preview = None
    if preview_action is not None:
        try:
            preview = judge(position, preview_action)
        except TutorError:
            preview = None
    return table_data(position, tr, replace(
        base, staged=staged, preview=preview, verdict=verdict, message=learner.table_message,
        choice=learner.table_choice, version=step_version(lesson, step)))


def step_version(lesson: Lesson, step: Step) -> str:
    assert step.position is not None
    return f"{lesson.id}:{step.id}:" + version_of(step.position, 0, step.position.turn)


def handle_step_intent(learner: TutorSession, lesson: Lesson, step: Step, raw: object,
                       tr: Translator) -> None:
    """A click on a do step's table: stage, take back, or a move the lesson judges."""
    learner.table_message = None
    position = step.position
    if position is None or step.kind is not StepKind.DO:
        return
    read = read_intent(learner, raw, tr, version=step_version(lesson, step),
                       hand=position.hands[position.turn],
                       staged=tuple(learner.lesson_table_staged), phase=position.phase,
                       state=position, seat=position.turn)
    if read is None:
        learner.answer = None  # one verdict area: the notice speaks now
        return
    intent, outcome = read
    learner.lesson_table_staged = list(outcome.staged)
    if outcome.action is not None:
        learner.answer = str(outcome.action)
        learner.lesson_table_staged = []
        progress.note(learner, attempts.lesson_attempt(lesson, step, learner.answer))
    elif intent.kind is not IntentKind.CANCEL:
        # a notice, the question where wild cards go, or the preview of the staged melds
        # speaks now: the verdict on the move before would contradict it
        learner.answer = None
        if outcome.message is not None:
            learner.table_message = tr.gettext(outcome.message)
