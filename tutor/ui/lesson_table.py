"""A lesson step on the card table: the same table as practice, from the step's position.

*Do* steps are played on it and then show the position after the learner's move; any other
step with a position shows it to look at (a *watch* step's moves are played out by
tutor.ui.watch_table). The move is judged once, when it is given (tutor.ui.step_answer), and
the table is drawn from what that judgment kept. No Streamlit calls here: the page mounts the
table and passes the intents.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tutor.engine.actions import Action
from tutor.engine.errors import TutorError
from tutor.engine.judge import apply, judge
from tutor.engine.state import GameState
from tutor.i18n import Translator
from tutor.lessons.model import Lesson, Step, StepKind
from tutor.lessons.runner import say
from tutor.ui import attempts, progress, table_intents
from tutor.ui.card_table.intents import staged_action
from tutor.ui.card_table.model import LogLine, TableInput, table_data, version_of
from tutor.ui.session import TutorSession
from tutor.ui.step_answer import StepAnswer, answer_step
from tutor.ui.table_intents import Spot
from tutor.words.explain import Explanation
from tutor.words.narrate import narrate

# The steps played on the table: a move asked for, or a move of the learner's choosing.
MOVE_STEPS = (StepKind.DO, StepKind.DECIDE)
TABLE = "lesson_table"  # the step's table's key (the component's and its TableState's)


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


def answered(session: TutorSession) -> StepAnswer | None:
    """The do step's answer as it was judged when given (None: no answer yet)."""
    judged = session.judged
    if judged is None or not session.answer or judged.text != session.answer:
        return None
    return judged


def give_answer(session: TutorSession, lesson: Lesson, step: Step, text: str) -> None:
    """The learner's move on a do step (clicked or typed): judged once and kept, and the
    attempt queued for the store."""
    session.answer = text
    session.judged = answer_step(step, text) if step.position is not None else None
    judged = session.judged.result if session.judged is not None else None
    if judged is not None and judged.option is not None and not judged.correct:
        session.decide_worse += 1  # after two worse choices the best one is said
    progress.note(session, attempts.lesson_attempt(lesson, step, text, judged))


def step_table(session: TutorSession, lesson: Lesson, step: Step, tr: Translator,
               explained: Explanation | None = None) -> dict[str, object] | None:
    """The table for a step, or None when the step has no position. ``explained``: the
    verdict on the answer in words, when the page has it already."""
    position = step.position
    if position is None:
        return None
    seat = position.actor  # the partner asked "may I go out?" answers: the learner
    base = TableInput(learner=seat, four_colour=session.four_colour, lesson=True)
    if step.kind not in MOVE_STEPS:
        return table_data(position, tr, replace(base, readonly=True))
    answer = answered(session)
    verdict = answer.result.verdict if answer is not None else None
    if answer is not None and answer.played is not None:
        action, after = answer.played
        line = LogLine(seat, narrate(position, action, after, seat, tr))
        return table_data(after, tr, replace(base, readonly=True, verdict=verdict,
                                             explained=explained, log=(line,), moves=1))
    table = session.table(TABLE)
    preview_action = staged_action(position.hands[seat], table.staged, position.phase)
    preview = None
    if preview_action is not None:
        try:
            preview = judge(position, preview_action)
        except TutorError:
            preview = None
    return table_data(position, tr, replace(
        base, staged=table.staged, preview=preview, verdict=verdict, explained=explained,
        message=table.message, choice=table.choice, version=step_version(lesson, step)))


def step_version(lesson: Lesson, step: Step) -> str:
    assert step.position is not None
    return f"{lesson.id}:{step.id}:" + version_of(step.position, 0, step.position.actor)


def handle_step_intent(session: TutorSession, lesson: Lesson, step: Step, raw: object,
                       tr: Translator) -> None:
    """A click on a do step's table: stage, take back, or a move the lesson judges."""
    position = step.position
    if position is None or step.kind not in MOVE_STEPS:
        table_intents.shown(session.tables, TABLE)
        return
    at = Spot(position, position.actor, step_version(lesson, step))

    def silence() -> None:
        session.answer = None

    def play(action: Action) -> None:
        table_intents.drop_staged(session.tables, TABLE)
        give_answer(session, lesson, step, str(action))

    table_intents.handle(session.tables, TABLE, raw, at, tr, silence=silence, play=play)
