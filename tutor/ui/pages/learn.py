"""Learn: the lessons grouped by rule family, and a player that shows one step at a time.

Deep links: ``?lesson=<id>&step=<n>&lang=<code>`` open exactly that step.

The lessons are read from the folder setting (:func:`tutor.lessons.load.lessons_dir`). A lesson
file that does not load or replay is one lesson unavailable: the map lists it by file name with
its reason as plain text, a link to it says so, and every other lesson works.
"""

from __future__ import annotations

import math

import streamlit as st
from babel.numbers import format_percent
from streamlit.delta_generator import DeltaGenerator

from tutor.engine.rules import Family, rule_set
from tutor.i18n import N_, NN_, Translator
from tutor.lessons.load import Broken, lessons_dir
from tutor.lessons.model import Lesson, Step, StepKind
from tutor.lessons.runner import STEP_OF, QuizResult, judge_quiz, move_feedback, say
from tutor.lessons.validate import rules_exercised
from tutor.ui import (
    attempts,
    card_table,
    glossary_view,
    lesson_table,
    practice_table,
    progress,
    quiz_view,
    table_intents,
)
from tutor.ui import session as sessions
from tutor.ui.library import broken_lessons, lessons, taught
from tutor.ui.pages.rules import checklist_button
from tutor.ui.practice import Practice
from tutor.ui.session import TutorSession
from tutor.ui.step_answer import StepAnswer
from tutor.ui.text import escape_markdown
from tutor.ui.watch_table import WatchPlace, watch_data
from tutor.ui.widgets import show_cards, show_rules
from tutor.words.explain import Explanation, explain_verdict, rule_title

TABLE = lesson_table.TABLE
# Seconds a learner spends on a step of each kind, for the time a lesson takes.
STEP_SECONDS = {StepKind.EXPLAIN: 20, StepKind.QUIZ: 30, StepKind.DO: 60,
                StepKind.WATCH: 60, StepKind.DECIDE: 90, StepKind.PLAY: 600}
WELCOME = N_(
    "Learn Canasta step by step: every move you try is judged by the rules and explained. "
    "Classic Canasta for two, three or four players, and Modern American Canasta."
)
# Translators: how long a lesson takes; {n} is a number of minutes.
MINUTES = NN_("about {n} minute", "about {n} minutes")
# Translators: a mark beside a finished lesson in the list of lessons.
DONE_MARK = N_("done")
# Translators: a mark beside the lesson to take next in the list of lessons.
NEXT_MARK = N_("next")
NEW_PATH = N_("I have never played")
MODERN_PATH = N_("I play Classic, teach me Modern")
LET_ME_PLAY = N_("Let me play")
# Translators: {lesson} is a lesson's title and {step} a step number.
CONTINUE = N_("Continue: {lesson}, step {step}")
# Translators: a lesson's mastery in the list of lessons; {percent} e.g. "60 %" (the rules it
# teaches, from the learner's answers).
MASTERY = N_("mastery {percent}")
# Translators: a lesson's progress in the list; {done} and {total} are numbers, e.g. "3 of 9
# steps" (the plural form follows {total}).
STEPS_DONE = NN_("{done} of {total} step", "{done} of {total} steps")
# Translators: the heading of lessons whose files are broken.
UNAVAILABLE = N_("Unavailable lessons")
UNAVAILABLE_NOTE = N_("These lesson files have mistakes, so their lessons cannot be taken. "
                      "The other lessons work as usual.")
# Translators: {lesson} is a lesson's id (as in a link), {file} the name of its file.
LESSON_UNAVAILABLE = N_("The lesson {lesson} is unavailable: its file {file} has a mistake.")


# On a narrow screen the watch step's move buttons show their icons only (their words stay their
# accessible names and tooltips), so the step's one row of controls takes two lines, not four.
NARROW_CONTROLS = """<style>
@media (max-width: 640px) {
  .st-key-step-controls [class*="st-key-watch-"] button [data-testid="stMarkdownContainer"] {
    position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  .st-key-step-controls button { min-width: 44px; min-height: 44px; }
}
</style>"""

# Translators: the name of the rule family (the game as in the classic books), a heading in the
# lessons.
# The paths of the map: each family's rules, then its strategy (a heading each).
FAMILIES = ((Family.CLASSIC, False, N_("Classic Canasta")),
            (Family.MODERN, False, N_("Modern American Canasta")),
            # Translators: a heading of the lesson map: the lessons on playing Classic well.
            (Family.CLASSIC, True, N_("Classic Canasta: strategy")),
            # Translators: a heading of the lesson map: the lessons on playing Modern well.
            (Family.MODERN, True, N_("Modern American Canasta: strategy")))


def opened(session: TutorSession, lesson: Lesson) -> bool:
    """Whether the learner has been in the lesson: a step done or skipped, or the lesson open
    in this session."""
    return bool(session.progress.get(lesson.id) or session.skipped.get(lesson.id)
                or lesson.id in session.progress
                or (session.last_lesson and session.last_lesson[0] == lesson.id))


def lesson_mastery(session: TutorSession, lesson: Lesson) -> float | None:
    """The learner's mean mastery of the lesson's rules they have tried (None: none yet, or a
    lesson never opened, whose rules the learner met elsewhere: a mastery there would say the
    lesson was worked on)."""
    if not opened(session, lesson):
        return None
    known = progress.mastery()
    levels = [known[rule] for rule in taught(str(lessons_dir())).get(lesson.id, ())
              if rule in known]
    return sum(levels) / len(levels) if levels else None


# ----- callbacks ---------------------------------------------------------------------------------

def open_lesson(lesson_id: str, step: int = 0) -> None:
    session = sessions.get()
    session.lesson_id = lesson_id
    session.step_index = 0
    st.query_params["lesson"] = lesson_id
    go(step)


def go(step: int) -> None:
    session = sessions.get()
    assert session.lesson_id is not None
    lesson = lessons()[session.lesson_id]
    session.step_index = max(0, min(step, len(lesson.steps) - 1))
    session.answer = None
    session.judged = None
    session.quizzed = None
    session.quiz_tries = []
    session.decide_worse = 0
    session.tables[TABLE] = session.table(TABLE).cleared()
    session.watch_index = 0
    session.watch_playing = False
    session.last_lesson = (lesson.id, session.step_index)
    st.query_params["step"] = str(session.step_index + 1)


def back_to_list() -> None:
    session = sessions.get()
    session.lesson_id = None
    session.answer = None
    for key in ("lesson", "step"):
        if key in st.query_params:
            del st.query_params[key]


def answer(value: str) -> None:
    """A quiz step's choice: judged once, kept for the feedback, and queued for the store
    (every answer, the retry too). None once the quiz is over (its answer shown)."""
    session = sessions.get()
    found = current_step(session)
    if found is not None and found[1].kind is StepKind.QUIZ \
            and quiz_view.finished(found[1], session.quiz_tries):
        return
    session.answer = value
    session.quizzed = None
    if found is not None and found[1].kind is StepKind.QUIZ:
        session.quizzed = judge_quiz(*found, value)
        session.quiz_tries.append(session.quizzed)
    note_answer()


def submit_move() -> None:
    """A do step's typed move ("Advanced: type a move"): judged once, as a click is."""
    session = sessions.get()
    text = str(st.session_state.get("move_text", ""))[:500]
    found = current_step(session)
    if not text or found is None:
        session.answer = text or None
        return
    lesson_table.give_answer(session, *found, text)


def current_step(session: TutorSession) -> tuple[Lesson, Step] | None:
    """The lesson open and its step shown (None: no lesson, or one whose file went away)."""
    if session.lesson_id is None or session.lesson_id not in lessons():
        return None
    lesson = lessons()[session.lesson_id]
    return lesson, lesson.steps[min(session.step_index, len(lesson.steps) - 1)]


def note_answer() -> None:
    """Queue the quiz answer just given as an attempt for the store (tutor.ui.progress)."""
    session = sessions.get()
    found = current_step(session)
    if found is None or not session.answer:
        return
    progress.note(session, attempts.lesson_attempt(*found, session.answer,
                                                   quiz_answered(session)))


def quiz_answered(session: TutorSession) -> QuizResult | None:
    """The quiz answer as it was judged when given (None: no answer, or another one)."""
    quizzed = session.quizzed
    if quizzed is None or quizzed.answer != session.answer:
        return None
    return quizzed


def on_table_intent() -> None:
    """A click on the step's card table (tutor.ui.lesson_table)."""
    session = sessions.get()
    found = current_step(session)
    if found is None:
        return
    lesson_table.handle_step_intent(session, *found, card_table.sent_intent(TABLE),
                                    sessions.tr())


def skip(index: int) -> None:
    """Pass over a step without doing it: marked as skipped, listed at the end."""
    session = sessions.get()
    assert session.lesson_id is not None
    lesson = lessons()[session.lesson_id]
    session.skipped.setdefault(lesson.id, set()).add(lesson.steps[index].id)
    go(index + 1)


def watch(where: str) -> None:
    """A watch step's controls: one move back or forward, play or pause, from the start.
    Playing goes on from the move shown (from the start once all are shown), one move per
    tick of the table's timer (:func:`watch_view`)."""
    session = sessions.get()
    assert session.lesson_id is not None
    lesson = lessons()[session.lesson_id]
    step = lesson.steps[session.step_index]
    place = WatchPlace.of(step, session.watch_index)
    playing = session.watch_playing
    session.watch_playing = False
    if where == "back":
        session.watch_index = max(0, place.shown - 1)
    elif where == "forward":
        session.watch_index = min(place.total, place.shown + 1)
    elif where == "start":
        session.watch_index = 0
        session.watch_playing = True
    elif not playing:  # "play"; while playing the same button pauses
        session.watch_index = 0 if place.at_end else place.shown
        session.watch_playing = True


def play_practice(session: TutorSession, preset: str) -> None:
    """A practice hand with the rules the lesson taught (called from the page, not a callback:
    switching pages is not possible in a callback)."""
    session.preset = preset
    practice_table.start(session, Practice.start(
        rule_set(preset, session.options if preset == session.preset else {}), session.seed,
        session.level))
    st.switch_page("app_pages/practice.py", query_params={"lang": session.lang,
                                                          "preset": preset})


# ----- the page ----------------------------------------------------------------------------------

def render() -> None:
    session = sessions.get()
    tr = sessions.tr()
    read_deep_link(session, tr)
    st.title(tr.gettext(N_("Lessons")))
    if session.lesson_id is not None and session.lesson_id not in lessons():
        session.lesson_id = None  # its file changed under the app: back to the map
    if session.lesson_id is None:
        start_page(session, tr)
    else:
        lesson_step(session, lessons()[session.lesson_id], tr)


def read_deep_link(session: TutorSession, tr: Translator) -> None:
    """Read once per change of URL; an unknown lesson gets a message, not a traceback."""
    wanted = st.query_params.get("lesson")
    if not wanted or wanted == session.lesson_id:
        return
    if wanted in lessons():
        step_text = st.query_params.get("step", "1")
        step = int(step_text) - 1 if step_text.isascii() and step_text.isdigit() \
            and len(step_text) < 4 else 0
        session.lesson_id, session.step_index, session.answer = wanted, 0, None
        go(step)
        return
    broken = next((item for item in broken_lessons() if item.lesson_id == wanted), None)
    if broken is not None:
        st.error(tr.format(tr.gettext(LESSON_UNAVAILABLE), LESSON_UNAVAILABLE,
                           lesson=escape_markdown(wanted[:60]),
                           file=escape_markdown(broken.file[:60])))
    else:
        # Translators: {lesson} is a lesson id from a link, e.g. "cards-and-values".
        st.error(tr.gettext("There is no lesson {lesson}.").format(
            lesson=escape_markdown(wanted[:60])))


def minutes(lesson: Lesson) -> int:
    return max(1, math.ceil(sum(STEP_SECONDS[step.kind] for step in lesson.steps) / 60))


def path_of(family: Family, strategy: bool = False) -> list[Lesson]:
    """A family's rules path (or its strategy path), in curriculum order."""
    return sorted((item for item in lessons().values()
                   if item.family is family and item.strategy is strategy),
                  key=lambda item: item.order)


def is_done(session: TutorSession, lesson: Lesson) -> bool:
    return len(session.progress.get(lesson.id, set())) == len(lesson.steps)


def next_in(session: TutorSession, family: Family, strategy: bool = False) -> Lesson | None:
    """The first lesson of a path not done yet (the last one when all are; None for a path
    whose lessons are all unavailable)."""
    path = path_of(family, strategy)
    return next((lesson for lesson in path if not is_done(session, lesson)),
                path[-1] if path else None)


def path_button(container: DeltaGenerator, session: TutorSession,
                family: Family, label: str, key: str, icon: str) -> None:
    """A way into a path: its next lesson, disabled when the path has none to offer."""
    upcoming = next_in(session, family)
    container.button(label, key=key, on_click=open_lesson, icon=icon,
                     args=(upcoming.id,) if upcoming else (), disabled=upcoming is None)


def start_page(session: TutorSession, tr: Translator) -> None:
    """What this is, three ways in, and the path of lessons as a map."""
    _ = tr.gettext
    st.markdown(_(WELCOME))
    if session.last_lesson and session.last_lesson[0] in lessons():
        lesson_id, step = session.last_lesson
        st.button(tr.format(_(CONTINUE), CONTINUE, lesson=say(lessons()[lesson_id],
                  lessons()[lesson_id].title, tr), step=step + 1), key="continue",
                  on_click=open_lesson, args=(lesson_id, step), type="primary",
                  icon=":material/play_arrow:")
    ways = st.container(horizontal=True)
    path_button(ways, session, Family.CLASSIC, _(NEW_PATH), "path-classic",
                ":material/school:")
    path_button(ways, session, Family.MODERN, _(MODERN_PATH), "path-modern",
                ":material/swap_horiz:")
    if ways.button(_(LET_ME_PLAY), key="let-me-play", icon=":material/playing_cards:"):
        play_practice(session, session.preset)
    for family, strategy, heading in FAMILIES:
        path = path_of(family, strategy)
        if not path:
            continue
        st.subheader(tr.gettext(heading))
        upcoming = next_in(session, family, strategy)
        for lesson in path:
            done = len(session.progress.get(lesson.id, set()))
            mark = (_(DONE_MARK) if is_done(session, lesson)
                    else _(NEXT_MARK) if lesson is upcoming else "")
            icon = (":material/check_circle:" if is_done(session, lesson)
                    else ":material/arrow_forward:" if lesson is upcoming
                    else ":material/radio_button_unchecked:")
            cols = st.columns([5, 2, 2])
            cols[0].button(say(lesson, lesson.title, tr), key=f"open-{lesson.id}",
                           on_click=open_lesson, args=(lesson.id,), icon=icon,
                           help=say(lesson, lesson.summary, tr) or None)
            level = lesson_mastery(session, lesson)
            cols[1].caption(" · ".join(part for part in (
                tr.format(tr.ngettext(*MINUTES, minutes(lesson)), MINUTES[1],
                          n=minutes(lesson)), mark,
                "" if level is None else tr.format(_(MASTERY), MASTERY,
                                                   percent=format_percent(level, locale=tr.lang)))
                if part))
            total = len(lesson.steps)
            cols[2].progress(done / total, text=tr.format(
                tr.ngettext(*STEPS_DONE, total), STEPS_DONE[total != 1], done=done, total=total))
        if not strategy:  # after the rules path: for the first game at a real table
            checklist_button(st.container(), family.value, tr)
    unavailable(broken_lessons(), tr)


def unavailable(broken: tuple[Broken, ...], tr: Translator) -> None:
    """The lesson files that cannot be offered: file name and reason, as plain text (the reason
    is in English, as ``lessons check`` prints it, for whoever fixes the file)."""
    if not broken:
        return
    st.subheader(tr.gettext(UNAVAILABLE))
    st.caption(tr.gettext(UNAVAILABLE_NOTE))
    for item in broken:
        st.text(f"{item.file}: {item.reason}")


def lesson_step(session: TutorSession, lesson: Lesson, tr: Translator) -> None:
    _ = tr.gettext
    index = min(session.step_index, len(lesson.steps) - 1)
    step = lesson.steps[index]
    # Translators: a button: back to the list of lessons.
    st.button(_("All lessons"), key="all_lessons", on_click=back_to_list,
              icon=":material/list:")
    st.header(say(lesson, lesson.title, tr))
    total = len(lesson.steps)
    st.caption(tr.format(tr.ngettext(*STEP_OF, total), STEP_OF[total != 1], number=index + 1,
                         total=total))
    st.progress((index + 1) / total)
    if step.text:
        glossary_view.lesson_text(say(lesson, step.text, tr), tr, key=f"words-{step.id}")
    show_cards(step.cards, tr)
    if step.kind is StepKind.DECIDE:  # the question before the table it is answered on
        st.markdown(f"**{say(lesson, step.question, tr)}**")
    progress = session.progress.setdefault(lesson.id, set())
    watching = step.kind is StepKind.WATCH and step.position is not None
    # a do step's answer, judged when it was given, in words once: on the table and below it
    answer = (lesson_table.answered(session) if step.kind in lesson_table.MOVE_STEPS
              else None)
    verdict = answer.result.verdict if answer is not None else None
    explained = explain_verdict(verdict, tr) if verdict is not None else None
    if watching:
        watch_step(session, lesson, step)
    else:
        data = lesson_table.step_table(session, lesson, step, tr, explained)
        table_intents.shown(session.tables, TABLE)  # the notice is said once, on the table
        if data is not None:
            card_table.mount(data, key=TABLE, on_intent=on_table_intent)
    if step.kind is StepKind.EXPLAIN:
        progress.add(step.id)
    elif step.kind is StepKind.WATCH:
        if not watching or WatchPlace.of(step, session.watch_index).at_end:
            progress.add(step.id)  # every move seen, one by one or played out
    elif step.kind is StepKind.QUIZ:
        quiz(session, lesson, step, progress, tr)
    elif step.kind is StepKind.PLAY:
        whole_hand(session, lesson, step, progress, tr)
    else:
        move(lesson, step, answer, explained, progress, tr, reveal=session.decide_worse >= 2)
    controls(session, lesson, step, index, progress, tr)


def controls(session: TutorSession, lesson: Lesson, step: Step, index: int,
             progress: set[str], tr: Translator) -> None:
    """One row of buttons under the step: the steps back and on, and for a watch step the
    moves in between. The end of the lesson comes once its last step is done or skipped, so
    the step being answered is never listed as not done."""
    _ = tr.gettext
    done = step.id in progress
    last = index == len(lesson.steps) - 1
    row = st.container(horizontal=True, key="step-controls", gap="xsmall")
    # Translators: a button in a lesson: the previous step.
    row.button(_("Back"), key="back", on_click=go, args=(index - 1,), disabled=index == 0,
               icon=":material/arrow_back:")
    if step.kind is StepKind.WATCH and step.position is not None:
        watch_buttons(row, session, step, tr)
    else:
        row.button(_(N_("Restart this step")), key="restart", on_click=go, args=(index,))
    if not last:
        # Next is offered once the step is done; skipping is possible, and marked.
        # Translators: a button in a lesson: the next step.
        row.button(_("Next"), key="next", on_click=go, args=(index + 1,), disabled=not done,
                   type="primary" if done else "secondary")
    if not done:
        row.button(_(N_("Skip this step")), key="skip", on_click=skip, args=(index,))
    if last and (done or step.id in session.skipped.get(lesson.id, set())):
        lesson_end(session, lesson, progress, tr)


def watch_step(session: TutorSession, lesson: Lesson, step: Step) -> None:
    """The watch step's table and counter, in a fragment that a timer reruns while the moves
    play: each tick shows the next move (the table and the counter together), and the last
    one reruns the page, so the buttons and *Next* follow."""
    if WatchPlace.of(step, session.watch_index).at_end:
        session.watch_playing = False
    pace = max(0.3, (session.pace_ms or 900) / 1000) if session.watch_playing else None
    st.fragment(watch_view, run_every=pace)(lesson.id, step.id, {"fresh": True})


def watch_view(lesson_id: str, step_id: str, run: dict[str, bool]) -> None:
    """One showing of the watch table. ``run`` is this page run's own: the page's run shows
    the move it was given, and each later run of the fragment alone is a tick of the timer,
    one move on."""
    session = sessions.get()
    tr = sessions.tr()
    lesson = lessons().get(lesson_id)
    if lesson is None or session.lesson_id != lesson_id:
        return  # a tick left over from a step the learner has left
    step = lesson.steps[min(session.step_index, len(lesson.steps) - 1)]
    if step.id != step_id:
        return
    if run["fresh"]:
        run["fresh"] = False
    elif session.watch_playing:
        session.watch_index += 1
    place = WatchPlace.of(step, session.watch_index)
    card_table.mount(watch_data(lesson, step, place.shown, tr, four_colour=session.four_colour),
                     key=TABLE, on_intent=on_table_intent)
    st.caption(place.counter(tr))
    if session.watch_playing and place.at_end:
        session.watch_playing = False
        st.rerun()  # the whole page: Play again, Next enabled, the step done


def watch_buttons(row: DeltaGenerator, session: TutorSession, step: Step,
                  tr: Translator) -> None:
    _ = tr.gettext
    st.html(NARROW_CONTROLS)
    place = WatchPlace.of(step, session.watch_index)
    playing = session.watch_playing and not place.at_end
    # Translators: a button in a lesson that plays out moves: back to the position before the
    # first move, and play from there.
    start = _("From the start")
    # Translators: a button in a lesson that plays out moves: one move back.
    back = _("Previous move")
    # Translators: a button in a lesson that plays out moves: hold the moves on the move shown.
    play = _("Pause") if playing else _(N_("Play the moves"))
    # Translators: a button in a lesson that plays out moves: one move forward.
    forward = _("Next move")
    row.button(start, key="watch-replay", on_click=watch, args=("start",),
               disabled=place.at_start and not playing, icon=":material/replay:")
    row.button(back, key="watch-back", on_click=watch, args=("back",),
               disabled=place.at_start, icon=":material/chevron_left:")
    row.button(play, key="watch-play", on_click=watch, args=("play",),
               type="secondary" if place.at_end else "primary",
               icon=":material/pause:" if playing else ":material/play_arrow:")
    row.button(forward, key="watch-forward", on_click=watch, args=("forward",),
               disabled=place.at_end, icon=":material/chevron_right:")


def lesson_end(session: TutorSession, lesson: Lesson, progress: set[str],
               tr: Translator) -> None:
    """What the lesson taught, the steps still open, and the way on."""
    _ = tr.gettext
    missing = [(number, step) for number, step in enumerate(lesson.steps)
               if step.id not in progress]
    if not missing:
        st.success(_(N_("Lesson complete.")))
    else:
        st.warning(_(N_("These steps are not done yet:")))
        row = st.container(horizontal=True)
        skipped = session.skipped.get(lesson.id, set())
        for number, step in missing:
            # Translators: a label of a lesson's step; {number} the step, e.g. 3.
            label = tr.format(_("Step {number}"), "Step {number}", number=number + 1)
            if step.id in skipped:
                # Translators: added to a step's label ("Step 3 · skipped"): the learner skipped it.
                label += " · " + _("skipped")
            row.button(label, key=f"goto-{step.id}", on_click=go, args=(number,))
    taught = sorted({rule for step in lesson.steps for rule in rules_exercised(lesson, step)
                     if not rule.startswith("S-")})
    if taught:
        st.markdown("**" + _(N_("What this lesson taught")) + "**")
        st.markdown("\n".join(f"- {rule_title(rule, tr)}" for rule in taught))
    path = path_of(lesson.family, lesson.strategy)
    later = [item for item in path if item.order > lesson.order]
    if not later and not lesson.strategy:  # the rules path is done: on to playing well
        later = path_of(lesson.family, strategy=True)
    ways = st.container(horizontal=True)
    if later:
        # Translators: a button at a lesson's end; {lesson} the next lesson's title.
        ways.button(tr.format(_("Next lesson: {lesson}"), "Next lesson: {lesson}",
                              lesson=say(later[0], later[0].title, tr)),
                    key="next_lesson", on_click=open_lesson, args=(later[0].id,),
                    type="primary", icon=":material/arrow_forward:")
    if ways.button(_(N_("Practise it in a hand")), key="practise",
                   icon=":material/playing_cards:"):
        play_practice(session, lesson.rules.preset)


def whole_hand(session: TutorSession, lesson: Lesson, step: Step, progress: set[str],
               tr: Translator) -> None:
    """A play step: a whole hand of the lesson's game against the computer players, on the
    Practice page, with the coach's review offered when it ends; the step is done once the
    hand is over (tutor.ui.pages.practice marks it)."""
    _ = tr.gettext
    if step.id in progress:
        st.success("\n\n".join(filter(None, (
            _(N_("You played a whole hand. Review it with the coach on the Practice page, or "
                 "play another.")), say(lesson, step.success, tr)))))
    # Translators: a button in a lesson: deal a whole hand against the computer players.
    if st.button(_("Play a whole hand"), key="play-hand", type="primary",
                 icon=":material/playing_cards:"):
        session.lesson_hand = (lesson.id, step.id)
        play_practice(session, lesson.rules.preset)


def quiz(session: TutorSession, lesson: Lesson, step: Step, progress: set[str],
         tr: Translator) -> None:
    """The question, its choices in the learner's order, and the answers given
    (tutor.ui.quiz_view: a retry before the answer is shown)."""
    st.markdown(f"**{say(lesson, step.question, tr)}**")
    tries = session.quiz_tries
    quiz_view.choices(lesson, step, tries, tr, prefix="choice-", on_click=answer)
    if quiz_view.feedback(lesson, step, tries, tr):
        progress.add(step.id)


def move(lesson: Lesson, step: Step, answer: StepAnswer | None,
         explained: Explanation | None, progress: set[str], tr: Translator, *,
         reveal: bool = False) -> None:
    """The move is made on the table; its feedback and the rules behind it show below, from
    the answer as it was judged when given. A typed move (notation) stays available under an
    advanced fold."""
    _ = tr.gettext
    if answer is not None:
        feedback = move_feedback(lesson, step, answer.result, tr, explained, reveal=reveal)
        verdict = answer.result.verdict
        # A typed move that is not one is quoted in the message: shown as text, not Markdown.
        lines = feedback.lines if verdict is not None else map(escape_markdown, feedback.lines)
        (st.success if feedback.correct else st.warning)("\n\n".join(lines))
        if feedback.correct:
            progress.add(step.id)
        if verdict is not None:
            show_rules(verdict.rules, tr, key="why-move")
    box = st.expander(_(N_("Advanced: type a move")), key="lesson-advanced", on_change="rerun")
    if box.open:
        with box:
            st.text_input(_(N_("Your move (e.g. draw, meld KH KS KD, discard 7H):")),
                          key="move_text", on_change=submit_move, max_chars=500)
            st.button(_(N_("Play this move")), key="play_move", on_click=submit_move)
