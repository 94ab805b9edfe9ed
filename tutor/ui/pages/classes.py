"""Classes: a teacher creates one and follows it; a learner joins one with its code.

``?join=CODE`` is the join page (a nickname, nothing else), ``?class=CODE&teacher=KEY`` the
teacher's page: progress per lesson, mastery per rule as a heatmap (learners × rules), the
rules the class gets wrong most, each learner's last errors with the engine's reasons told in
the teacher's language. A wrong key or an unknown code shows a message and nothing else.
"""

from __future__ import annotations

import html
import math

import plotly.graph_objects as go
import streamlit as st

from tutor.engine.actions import Action
from tutor.engine.errors import TutorError
from tutor.i18n import LANGUAGES, N_, NN_, Translator, offered
from tutor.lessons.model import StepKind
from tutor.lessons.runner import say
from tutor.store import (
    ClassReport,
    ClassSpec,
    ErrorRecord,
    MalformedKey,
    NewClass,
    NotFound,
    StoreError,
    WrongTeacherKey,
)
from tutor.store.check import control_character
from tutor.ui import clients, devices, progress, session
from tutor.ui.devices import TOO_MANY
from tutor.ui.labels import CHOOSE
from tutor.ui.library import lessons
from tutor.ui.text import escape_markdown
from tutor.words.describe import describe
from tutor.words.explain import explain_reason, rule_title

NEW_CLASS = "tutor_new_class"  # the class just made, shown once with its teacher key
BAD_CODE = N_("There is no class with this code. Check the code or ask your teacher for the "
              "link.")
BAD_TEACHER = N_("This teacher link is not right for this class: its key does not match.")
# Translators: a learner of a class as the teacher sees them; {number} their number in the class,
# e.g. 3 (a name, not a count).
LEARNER_N = N_("Learner {number}")
# Translators: a typed name holds an invisible control character (a pasted NUL, an escape).
CONTROL = N_("The name holds an invisible control character. Type it again without it.")
# Translators: on the teacher's page, a learner's wrong move; {move} the move in words, e.g.
# "Discard the three of hearts."
TRIED = N_("Move tried: {move}")
# Translators: on the teacher's page, a learner's wrong answer; {answer} what they answered,
# {question} the lesson's question.
ANSWERED = N_("Answered {answer} to: {question}")
# A rule the class gets wrong, in three parts, each with the plural form its own count needs
# ("1 wrong answer, 3 right answers, by 2 learners"), joined by TROUBLE.
# Translators: on the teacher's page, how often a rule was got wrong; {n} a number of answers.
TROUBLE_WRONG = NN_("{n} wrong answer", "{n} wrong answers")
# Translators: on the teacher's page, how often a rule was got right; {n} a number of answers.
TROUBLE_RIGHT = NN_("{n} right answer", "{n} right answers")
# Translators: on the teacher's page, who answered at a rule; {n} a number of learners.
TROUBLE_LEARNERS = NN_("by {n} learner", "by {n} learners")
# Translators: a rule the class gets wrong; {wrong_answers} is e.g. "3 wrong answers",
# {right_answers} "1 right answer", {by_learners} "by 2 learners" (each translated on its own).
TROUBLE = N_("{wrong_answers}, {right_answers}, {by_learners}")


def lesson_title(lesson_id: str, tr: Translator) -> str:
    lesson = lessons().get(lesson_id)
    return say(lesson, lesson.title, tr) if lesson else lesson_id


# ----- callbacks ---------------------------------------------------------------------------------

def create() -> None:
    tr = session.tr()
    name = str(st.session_state.get("class-name") or "").strip()
    if not name:
        session.get().message = tr.gettext(N_("Give the class a name."))
        return
    if control_character(name):
        session.get().message = tr.gettext(CONTROL)
        return
    spec = ClassSpec(name[:80], str(st.session_state.get("class-lang") or "en"),
                     tuple(st.session_state.get("class-lessons") or ()))
    try:
        made = progress.call(lambda s: s.create_class(spec))
    except StoreError as exc:
        session.get().message = str(exc)
        return
    if made is not None:
        st.session_state[NEW_CLASS] = made


def join(code: str) -> None:
    nickname = str(st.session_state.get("join-nickname") or "").strip()[:40]
    if control_character(nickname):
        session.get().message = session.tr().gettext(CONTROL)
        return
    key = progress.ensure_learner(session.get())  # a class member needs a stored learner
    if key is None:
        return
    try:
        joined = progress.call(lambda s: s.join_class(key, code, nickname))
    except (MalformedKey, NotFound):  # the page found it a moment ago: gone meanwhile
        session.get().message = session.tr().gettext(BAD_CODE)
        return
    if joined is not None:
        st.session_state["tutor_joined"] = joined.code


# ----- the page ----------------------------------------------------------------------------------

def render() -> None:
    tr = session.tr()
    _ = tr.gettext
    st.title(_(N_("Classes")))
    learner = session.get()
    if learner.message:
        st.error(escape_markdown(learner.message))
        learner.message = None
    params = st.query_params
    if params.get("class") and params.get("teacher"):
        teacher_page(params["class"], params["teacher"], tr)
    elif params.get("join"):
        join_page(params["join"], tr)
    else:
        start_page(tr)


def start_page(tr: Translator) -> None:
    _ = tr.gettext
    made = st.session_state.get(NEW_CLASS)
    if isinstance(made, NewClass):
        created(made, tr)
    mine = progress.my_classes() or ()
    if mine:
        # Translators: a heading: the classes this learner has joined.
        st.subheader(_("Your classes"))
        for info in mine:
            st.markdown(f"- **{escape_markdown(info.name)}** · `{info.code}`")
    with st.form("join-form"):
        st.subheader(_(N_("Join a class")))
        # Translators: the field for a class's join code, e.g. "ABC-DEF".
        code = st.text_input(_("Class code"), key="join-code", max_chars=12,
                             placeholder="ABC-DEF")
        # Translators: a button: go to the class with this code.
        if st.form_submit_button(_("Open")) and code.strip():
            st.query_params["join"] = code.strip()
            st.rerun()
    st.subheader(_(N_("Create a class (for teachers)")))
    codes = list(offered())
    with st.form("class-form"):
        # Translators: the field for a new class's name.
        st.text_input(_("Class name"), key="class-name", max_chars=80)
        # Translators: the field for a new class's language.
        st.selectbox(_("Language"), codes, key="class-lang", format_func=LANGUAGES.__getitem__,
                     placeholder=_(CHOOSE),
                     index=codes.index(tr.lang) if tr.lang in codes else 0)
        order = sorted(lessons().values(), key=lambda item: (item.family.value, item.order))
        # Translators: the field for the lessons a new class is to take.
        label = _("Lessons assigned")
        # Translators: the empty field for a new class's lessons.
        choose = _("Choose lessons")
        st.multiselect(label, [lesson.id for lesson in order],
                       key="class-lessons", format_func=lambda lid: lesson_title(lid, tr),
                       placeholder=choose, select_all=False)
        st.form_submit_button(_(N_("Create the class")), on_click=create, type="primary")


def lesson_links(lesson_ids: tuple[str, ...], tr: Translator) -> None:
    """The class's lessons, each a link that opens it (a lesson no longer offered: its id)."""
    for lid in lesson_ids:
        if lid in lessons():
            st.page_link("app_pages/learn.py", label=lesson_title(lid, tr),
                         query_params={"lesson": lid, "lang": tr.lang},
                         icon=":material/school:")
        else:
            st.caption(escape_markdown(lid))


def created(made: NewClass, tr: Translator) -> None:
    """The join link and the teacher link, the teacher's key shown this once."""
    _ = tr.gettext
    where = devices.origin() or ""
    code = made.info.code
    # Translators: {name} the name the teacher gave the class, e.g. "4B".
    st.success(tr.format(_("The class {name} is ready."), "The class {name} is ready.",
                         name=escape_markdown(made.info.name)))
    st.markdown(_(N_("Learners join with this code or link:")))
    st.code(code, language=None)
    st.code(f"{where}/classes?join={code}", language=None)
    st.warning(_(N_("Your teacher link, with the class's secret key. It is shown only now: "
                    "keep it (a bookmark, a note). Anyone with it sees the class's "
                    "progress.")), icon=":material/key:")
    st.code(f"{where}/classes?class={code}&teacher={made.teacher_key}", language=None)


def join_page(code: str, tr: Translator) -> None:
    _ = tr.gettext
    if _limited(tr):
        return
    try:
        info = progress.call(lambda s: s.class_info(code))
    except (MalformedKey, NotFound):
        _wrong_link(BAD_CODE, tr)
        return
    clients.forgiven(clients.CODE_LOOKUPS)
    if info is None:
        st.info(_(progress.UNSAVED))
        return
    st.subheader(escape_markdown(info.name), anchor=False)  # no anchor made of typed text
    if st.session_state.get("tutor_joined") == info.code:
        # Translators: {name} the name of the class the learner joined, e.g. "4B".
        st.success(tr.format(_("You joined {name}. Your teacher now sees your progress."),
                             "You joined {name}. Your teacher now sees your progress.",
                             name=escape_markdown(info.name)))
        if info.lessons:
            # Translators: a heading on the join page: the class's lessons.
            st.markdown("**" + _("Lessons assigned") + "**")
            lesson_links(info.lessons, tr)
        return
    st.caption(_(N_("Your teacher sees your progress in the lessons and the rules you get "
                    "wrong, under the nickname you choose. Nothing else is asked.")))
    with st.form("join-class"):
        # Translators: the field for the name a learner shows in a class.
        st.text_input(_("Nickname"), key="join-nickname", max_chars=40)
        # Translators: a button: join the class.
        st.form_submit_button(_("Join"), on_click=join, args=(code,), type="primary")


def _limited(tr: Translator) -> bool:
    """One try of a code counted; too many wrong ones from this client: say how long to wait,
    show the start page. The page forgives the try when the code is right."""
    wait = math.ceil(clients.try_lookup(clients.CODE_LOOKUPS))
    if wait <= 0:
        return False
    _drop_link()
    st.error(tr.format(tr.ngettext(*TOO_MANY, wait), TOO_MANY[wait != 1], n=wait))
    start_page(tr)
    return True


def _wrong_link(message: str, tr: Translator) -> None:
    """A code or key that is not right (its try stays counted): said, and the class form
    left usable."""
    _drop_link()
    st.error(tr.gettext(message))
    start_page(tr)


def _drop_link() -> None:
    for name in ("join", "class", "teacher"):
        if name in st.query_params:
            del st.query_params[name]


def member_label(number: int, nickname: str, tr: Translator) -> str:
    return nickname or tr.format(tr.gettext(LEARNER_N), LEARNER_N, number=number)


def member_labels(report: ClassReport, tr: Translator) -> dict[int, str]:
    """Each member's label by their number, distinct ("Sam", "Sam (2)"): the same on the
    table, the chart and the errors, so two learners are never one."""
    numbers = [member.number for member in report.members]
    labels = distinct([member_label(m.number, m.nickname, tr) for m in report.members])
    return dict(zip(numbers, labels, strict=True))


def teacher_page(code: str, key: str, tr: Translator) -> None:
    if _limited(tr):
        return
    try:
        progress.call(lambda s: s.class_info(code))
    except (MalformedKey, NotFound):
        _wrong_link(BAD_CODE, tr)
        return
    try:
        report = progress.call(lambda s: s.class_report(code, key))
    except (MalformedKey, WrongTeacherKey):  # not this class's key, or not a key at all
        _wrong_link(BAD_TEACHER, tr)
        return
    clients.forgiven(clients.CODE_LOOKUPS)
    _ = tr.gettext
    if report is None:
        st.info(_(progress.UNSAVED))
        return
    st.subheader(f"{escape_markdown(report.info.name)} · {report.info.code}", anchor=False)
    if report.info.lessons:
        st.markdown("**" + _("Lessons assigned") + "**")
        lesson_links(report.info.lessons, tr)
    if not report.members:
        st.info(_(N_("Nobody has joined yet. Give your learners the join code.")))
        return
    lesson_table(report, tr)
    heatmap(report, tr)
    trouble(report, tr)
    errors(report, tr)


def lesson_table(report: ClassReport, tr: Translator) -> None:
    st.subheader(tr.gettext(N_("Progress per lesson")))
    totals = {lid: len(lessons()[lid].steps) for lid in report.lessons if lid in lessons()}
    labels = member_labels(report, tr)
    rows = []
    for member in report.members:
        row = {"": labels[member.number]}
        for count in member.lessons:
            total = totals.get(count.lesson_id)
            row[lesson_title(count.lesson_id, tr)] = (
                f"{tr.number(count.done)} / {tr.number(total)}" if total
                else tr.number(count.done))
        rows.append(row)
    st.dataframe(rows, hide_index=True, key="class-lessons-table")


def distinct(labels: list[str]) -> list[str]:
    """Labels made distinct in order ("Sam", "Sam (2)"), so two learners are two rows."""
    seen: set[str] = set()
    out = []
    for label in labels:
        shown, n = label, 1
        while shown in seen:
            n += 1
            shown = f"{label} ({n})"
        seen.add(shown)
        out.append(shown)
    return out


def plotly_text(text: str) -> str:
    """Text for a plotly label or hover: plotly reads a few HTML tags (links, bold, breaks)
    in them, so < > & are written as entities and shown as typed."""
    return html.escape(text, quote=False)


def heatmap(report: ClassReport, tr: Translator) -> None:
    if not report.rules:
        return
    st.subheader(tr.gettext(N_("Mastery per rule")))
    labels = member_labels(report, tr)
    names = [plotly_text(labels[member.number]) for member in report.members]
    titles = [plotly_text(title) for title in distinct(
        [rule_title(rule, tr) for rule in report.rules])]
    z = [[math.nan if level is None else level for level in row] for row in report.heatmap]
    ids = [list(report.rules) for _row in report.members]
    fig = go.Figure(go.Heatmap(z=z, x=titles, y=names, zmin=0, zmax=1,
                               colorscale="RdYlGn", customdata=ids, hoverongaps=False,
                               hovertemplate="%{y} · %{x} (%{customdata}): %{z:.0%}"
                                             "<extra></extra>"))
    fig.update_layout(height=max(220, 30 * len(names) + 160), margin={"t": 20, "b": 10},
                      yaxis={"autorange": "reversed", "type": "category"},
                      xaxis={"tickangle": -45, "type": "category"})
    st.plotly_chart(fig, key="class-heatmap", config={"displayModeBar": False})


def trouble(report: ClassReport, tr: Translator) -> None:
    if not report.trouble:
        return
    _ = tr.gettext
    st.subheader(_(N_("Rules the class gets wrong most")))
    st.markdown("\n".join(
        f"- **{item.rule_id} · {rule_title(item.rule_id, tr)}**: "
        + tr.format(_(TROUBLE), TROUBLE, **{
            name: tr.format(tr.ngettext(*part, count), part[count != 1], n=count)
            for name, part, count in (("wrong_answers", TROUBLE_WRONG, item.wrong),
                                      ("right_answers", TROUBLE_RIGHT, item.right),
                                      ("by_learners", TROUBLE_LEARNERS, item.learners))})
        for item in report.trouble[:10]))


def error_text(error: ErrorRecord, tr: Translator) -> str:
    """A wrong answer in words: the lesson and step, the move tried (card names, not notation)
    or the answer given to the question, then why it was wrong, each rule by its title (its id
    only in the rules reference)."""
    lesson = lessons().get(error.lesson_id) if error.lesson_id else None
    step = next((item for item in lesson.steps if item.id == error.step_id), None) \
        if lesson is not None else None
    lines = []
    if lesson is not None:
        lines.append("**" + escape_markdown(say(lesson, lesson.title, tr)) + "**")
    if step is not None and step.kind is StepKind.QUIZ and lesson is not None:
        lines.append(tr.format(tr.gettext(ANSWERED), ANSWERED,
                               answer=escape_markdown(error.action),
                               question=escape_markdown(say(lesson, step.question, tr))))
    elif error.action:
        lines.append(tr.format(tr.gettext(TRIED), TRIED,
                               move=escape_markdown(_move_words(error.action, tr))))
    lines += [escape_markdown(explain_reason(reason, tr)) for reason in error.reasons] or [
        escape_markdown(rule_title(rule, tr)) for rule in error.rules]
    return "  \n".join(lines)


def _move_words(action: str, tr: Translator) -> str:
    """A stored move in words (an old or odd record: as it was kept)."""
    try:
        return describe(Action.parse(action), tr)
    except TutorError:
        return action


def errors(report: ClassReport, tr: Translator) -> None:
    _ = tr.gettext
    # Translators: a heading on the teacher's page: each learner's latest wrong answers.
    st.subheader(_("Last errors"))
    labels = member_labels(report, tr)
    for member in report.members:
        if not member.errors:
            continue
        with st.expander(escape_markdown(labels[member.number]),
                         key=f"errors-{member.number}"):
            for error in member.errors:
                st.markdown(error_text(error, tr))
