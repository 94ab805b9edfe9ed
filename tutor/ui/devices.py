"""Another device, "forget me" and the sidebar's "Your progress".

A device code (``?device=CODE`` or typed in the sidebar) never switches the learner by itself:
:func:`prompt` shows whose progress the code would continue (their class nickname or "another
device", their steps and when they were last active) beside the progress in this browser, and
the code is spent only when the learner chooses it (a link sent by someone else cannot take the
learner over). Failed codes count against the client's limit (:mod:`tutor.store.limits`).
"""

from __future__ import annotations

import math
from urllib.parse import urlsplit

import streamlit as st
from babel.dates import format_date

from tutor.i18n import N_, NN_, Translator
from tutor.store import DevicePreview, MalformedKey, NotFound, ProgressSummary, Store
from tutor.store.keys import new_learner_key
from tutor.ui import clients, progress, session
from tutor.ui.session import TutorSession
from tutor.ui.text import escape_markdown

BAD_DEVICE_CODE = N_("That device code is unknown, already used or expired. Ask for a new one "
                     "on your other device.")
DEVICE_JOINED = N_("This device now continues your progress.")
FORGOTTEN = N_("Everything stored about you was deleted. You start afresh.")
# Translators: the rate limit on codes; {n} seconds to wait.
TOO_MANY = NN_("Too many wrong codes from here. Try again in {n} second.",
               "Too many wrong codes from here. Try again in {n} seconds.")
# Translators: a heading: a device code was opened; the learner chooses whose progress goes on.
ASK_TITLE = N_("Continue someone's progress on this device?")
# Translators: whose progress a device code continues when they are in no class.
ANOTHER_DEVICE = N_("another device")
# Translators: {who} a class nickname or "another device"; {n} lesson steps; {date} a date.
THEIRS = NN_("The code's progress ({who}): {n} lesson step done, last active on {date}.",
             "The code's progress ({who}): {n} lesson steps done, last active on {date}.")
# Translators: the progress kept in this browser now; {n} lesson steps.
MINE = NN_("Your progress in this browser: {n} lesson step done.",
           "Your progress in this browser: {n} lesson steps done.")
ASK_NOTE = N_("Only one of them continues here; the other stays stored as it is.")
# Translators: a button: use the progress of the device code here.
TAKE_THEIRS = N_("Continue with that one")
# Translators: a button: keep this browser's own progress (the code is not used).
KEEP_MINE = N_("Keep mine")
CHECK_LATER = N_("The code can be checked once progress can be saved again.")


# ----- a device code asks first ------------------------------------------------------------------

def prompt(learner: TutorSession, tr: Translator) -> None:
    """When a device code waits: whose progress it continues, and the learner's choice."""
    current = progress.link()
    code = current.device_asked
    if not code:
        return
    _ = tr.gettext
    preview = current.device_preview
    if preview is None or preview[0] != code:
        wait = clients.try_lookup(clients.CODE_LOOKUPS)
        if wait > 0:
            current.device_asked = None
            seconds = math.ceil(wait)
            st.error(tr.format(tr.ngettext(*TOO_MANY, seconds), TOO_MANY[seconds != 1],
                               n=seconds))
            return
        try:
            looked = progress.call(lambda s: s.device_preview(code))
        except (MalformedKey, NotFound):
            current.device_asked = None
            st.error(_(BAD_DEVICE_CODE))
            return
        clients.forgiven(clients.CODE_LOOKUPS)  # found, or the store is down: not a guess
        if looked is not None:
            current.device_preview = preview = (code, looked)
    theirs = preview[1] if preview is not None and preview[0] == code else None
    if theirs is None:
        st.info(_(CHECK_LATER))
        return
    mine = _mine()
    with st.container(border=True, key="device-ask"):
        st.subheader(_(ASK_TITLE))
        st.markdown(_said(tr, THEIRS, theirs.steps_done, who=escape_markdown(
            theirs.nickname or _(ANOTHER_DEVICE)), date=_date(theirs, tr)))
        st.markdown(_said(tr, MINE, mine))
        st.caption(_(ASK_NOTE))
        row = st.container(horizontal=True)
        row.button(_(TAKE_THEIRS), key="device-take", on_click=_take, args=(code,),
                   type="primary")
        row.button(_(KEEP_MINE), key="device-keep", on_click=_keep)


def _said(tr: Translator, forms: tuple[str, str], n: int, **more: str) -> str:
    return tr.format(tr.ngettext(*forms, n), forms[n != 1], n=n, **more)


def _date(preview: DevicePreview, tr: Translator) -> str:
    return format_date(preview.last_seen, format="long", locale=tr.locale)


def _mine() -> int:
    """Lesson steps done in this browser (the stored ones and this session's)."""
    done = sum(len(ids) for ids in session.get().progress.values())
    key = progress.known_key()
    stored: ProgressSummary | None = None
    if key is not None:
        stored = progress.call(lambda s: s.summary(key))
    return max(done, stored.steps_done if stored is not None else 0)


def _take(code: str) -> None:
    current = progress.link()
    current.device_asked = current.device_preview = None
    try:
        key = progress.call(lambda s: s.redeem(code))
    except (MalformedKey, NotFound):  # used meanwhile (it was found a moment ago)
        current.notice = BAD_DEVICE_CODE
        return
    if key is not None:
        _switch_to(session.get().lang, key, DEVICE_JOINED)


def _keep() -> None:
    current = progress.link()
    current.device_asked = current.device_preview = None


def _switch_to(lang: str, key: str | None, notice: str) -> None:
    """A new session object for another learner (or for none: a fresh start with a new key);
    the next run loads that learner's progress."""
    st.session_state[session.KEY] = TutorSession(lang=lang)
    st.session_state[progress.STATE] = current = progress.Link(notice=notice)
    if key is not None:
        current.key, current.new, current.stored_language = key, False, True
    else:
        current.key, current.new, current.started = new_learner_key(), True, True


# ----- the sidebar -------------------------------------------------------------------------------

def origin() -> str:
    """The app's address as the browser sees it (for links), or "" when unknown."""
    try:
        url = st.context.url
    except Exception:
        return ""
    if not isinstance(url, str) or not url:
        return ""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""


def _new_device_code() -> None:
    current = progress.link()
    key = progress.ensure_learner(session.get())
    if key is not None:
        current.device = progress.call(lambda s: s.device_code(key))


def _use_code() -> None:
    code = str(st.session_state.get("device_code_input") or "").strip()
    if code:
        progress.link().device_asked = code


def _ask_forget() -> None:
    progress.link().forget_asked = True


def _forget(confirmed: bool) -> None:
    current = progress.link()
    current.forget_asked = False
    key = current.key
    if not confirmed or key is None:
        return
    box = progress.outbox(current)
    known = box.known if box is not None else not current.new
    gone = progress.call(lambda s: _forget_in(key, s)) if known else True
    if gone and box is not None:  # nothing of this learner is to be written any more
        box.forget()
    if gone:
        _switch_to(session.get().lang, None, FORGOTTEN)


def _forget_in(key: str, found: Store) -> bool:
    found.forget(key)
    return True


def sidebar(tr: Translator) -> None:
    """"Your progress": continue on another device, use a code from one, forget me."""
    _ = tr.gettext
    # Translators: a fold in the sidebar with the learner's saved progress (devices, forget me).
    box = st.sidebar.expander(_("Your progress"), key="progress-box", on_change="rerun",
                              icon=":material/cloud_done:")
    if not box.open:
        return
    current = progress.link()
    found = progress.saver()
    with box:
        if found is None or found.down:
            st.caption(_(progress.UNSAVED))
        st.caption(_(N_("Your progress is kept in this browser, without an account.")))
        st.button(_(N_("Continue on another device")), key="device-code",
                  on_click=_new_device_code, icon=":material/devices:")
        if current.device is not None:
            code = current.device.code
            st.markdown(_(N_("Enter this code on the other device, or open the link there "
                             "(valid for a day, once):")))
            st.code(code, language=None)
            where = origin()
            if where:
                st.code(f"{where}/?device={code}", language=None)
        st.text_input(_(N_("A code from another device")), key="device_code_input",
                      max_chars=20, placeholder="ABCD-EFGH")
        # Translators: a button: use the code typed from another device.
        st.button(_("Use code"), key="device-use", on_click=_use_code)
        if not current.forget_asked:
            # Translators: a button: delete everything stored about this learner.
            st.button(_("Forget me"), key="forget", on_click=_ask_forget,
                      icon=":material/delete:")
        else:
            st.warning(_(N_("Delete all your progress here and on your other devices? This "
                            "cannot be undone.")))
            row = st.container(horizontal=True)
            # Translators: a button confirming "forget me".
            row.button(_("Yes, delete"), key="forget-yes", on_click=_forget, args=(True,),
                       type="primary")
            # Translators: a button: do not delete the progress after all.
            row.button(_("Keep it"), key="forget-no", on_click=_forget, args=(False,))
