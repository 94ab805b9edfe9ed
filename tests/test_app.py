"""The app through Streamlit's AppTest: every page, lessons, practice, languages, many learners."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tutor.engine import rule_set
from tutor.engine.rules import PRESET_NAMES
from tutor.i18n import LANGUAGES, translator
from tutor.ui.card_table import mounted_data
from tutor.ui.practice import Practice
from tutor.ui.session import KEY
from tutor.words.explain import rule_title

APP = str(Path(__file__).resolve().parent.parent / "streamlit_app.py")
PAGES = ["app_pages/learn.py", "app_pages/practice.py", "app_pages/rules.py",
         "app_pages/score.py"]


def app(lang: str | None = None, **query: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    if lang:
        at.query_params["lang"] = lang
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [m.value for m in at.title] + \
        [m.value for m in at.header] + [m.value for m in at.subheader] + \
        [m.value for m in at.success] + [m.value for m in at.warning] + \
        [m.value for m in at.error] + [m.value for m in at.caption]
    return "\n".join(str(p) for p in parts)


def deal(at: AppTest, seed: int = 3) -> AppTest:
    at.switch_page("app_pages/practice.py").run()
    at.number_input(key="seed").set_value(seed).run()
    at.button(key="new_hand").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("page", PAGES)
def test_every_page_renders_in_every_language(page: str) -> None:
    for lang in LANGUAGES:
        at = app(lang)
        at.switch_page(page).run()
        assert not at.exception, (lang, [e.value for e in at.exception])


def test_complete_a_lesson_step() -> None:
    at = app(lesson="cards-and-values", step="4")
    assert "4" in texts(at)
    right = next(b for b in at.button if b.key and b.key.startswith("choice-")
                 and b.label == "85")
    right.click().run()
    assert any("Right!" in s.value for s in at.success)
    session = at.session_state[KEY]
    assert "value-of-a-hand" in session.progress["cards-and-values"]


def test_a_deep_link_opens_the_step_in_its_language() -> None:
    at = app("sv", lesson="taking-the-pile", step="3")
    session = at.session_state[KEY]
    assert (session.lesson_id, session.step_index, session.lang) == ("taking-the-pile", 2, "sv")
    tr = translator("sv")
    assert tr.pgettext("lesson:taking-the-pile", "Taking the discard pile") in texts(at)


def test_a_bad_deep_link_gets_a_message_not_a_traceback() -> None:
    at = app(lesson="no-such-lesson", step="x", lang="zz")
    assert at.error and not at.exception
    assert at.session_state[KEY].lang == "en"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_illegal_move_is_explained_in_the_learners_language(lang: str) -> None:
    at = deal(app(lang))
    click(at, "pass")
    verdict = table_of(at)["verdict"]
    tr = translator(lang)
    assert verdict["headline"] == tr.gettext("You may not pass now.") and not verdict["legal"]
    rules = at.session_state[KEY].verdict.rules  # "Why?" on the table names each rule
    why = {entry["rule"]: entry["title"] for entry in table_of(at)["why"]}
    assert rules and why == {rule: rule_title(rule, tr) for rule in rules}


def seed_with_a_triple() -> int:
    """A deal where the learner holds three natural cards of a rank after drawing."""
    from collections import Counter

    from tutor.engine import Action, apply, rule_set
    from tutor.ui.practice import Practice

    for seed in range(1, 200):
        state = apply(Practice.start(rule_set("classic-4p"), seed).state, Action.parse("draw"))
        counts = Counter(c.rank for c in state.hands[0] if c.is_natural)
        if counts and max(counts.values()) >= 3:
            return seed
    raise AssertionError("no such deal")


TABLE_KEY = "lesson_table"


def table_of(at: AppTest, key: str = "table") -> dict[str, Any]:
    """The data the card table was given in the last run (AppTest runs no JavaScript)."""
    tables = [e for e in at.get("bidi_component") if e.key == key] if at.get(
        "bidi_component") else []
    assert tables, "no card table on the page"
    return mounted_data(tables[0].proto.json)  # type: ignore[no-any-return]


def click(at: AppTest, kind: str, *positions: int, **extra: Any) -> None:
    """What the table sends for a click, handled as the page's callback does, then a rerun."""
    from tutor.ui.practice_table import handle_intent

    data = table_of(at)
    handle_intent(at.session_state[KEY], {"kind": kind, "selected": list(positions),
                                          "version": data["version"], **extra},
                  translator(at.session_state[KEY].lang))
    at.run()
    assert not at.exception, [e.value for e in at.exception]


def test_stage_and_commit_a_meld() -> None:
    at = deal(app(), seed=seed_with_a_triple())
    session = at.session_state[KEY]
    state = session.practice.state
    assert state.actor == 0
    click(at, "draw")
    hand = session.practice.state.hands[0]
    ranks: dict[object, list[int]] = {}
    for index, card in enumerate(hand):
        if card.is_natural:
            ranks.setdefault(card.rank, []).append(index)
    triple = next(indices for indices in ranks.values() if len(indices) >= 3)
    click(at, "stage", *triple[:3])
    data = table_of(at)
    assert data["staged"][0]["positions"] == triple[:3] and data["preview"]["headline"]
    click(at, "meld")
    assert session.verdict is not None  # legal or not, the engine's verdict is on the table
    assert table_of(at)["verdict"]["headline"]


def test_undo_and_step_through_the_history() -> None:
    at = deal(app())
    session = at.session_state[KEY]
    before = len(session.practice.states)
    click(at, "draw")
    assert len(session.practice.states) > before
    click(at, "undo")
    assert len(session.practice.states) == before
    assert {t["kind"]: t["enabled"] for t in table_of(at)["tools"]}["redo"]
    click(at, "redo")
    assert len(session.practice.states) > before
    at.session_state["history"] = True  # open the history (its body is built only when open)
    at.run()
    at.button(key="hist_first").click().run()
    assert session.history_view == 0 and table_of(at)["readonly"]
    for n in (1, 2, 3):
        at.button(key="hist_forward").click().run()
        assert session.history_view == n and not at.exception
        # the table shows the position after move n, and the move is told beside it
        shown = table_of(at)["board"]["stock"]["count"]
        assert shown == len(session.practice.states[n].stock)
        assert any(f"Move {n} of" in m.value for m in at.markdown)
    at.button(key="hist_last").click().run()
    assert session.history_view is None and not table_of(at)["readonly"]


def test_switching_language_mid_hand_keeps_the_hand() -> None:
    at = deal(app())
    session = at.session_state[KEY]
    click(at, "draw")
    moves = len(session.practice.entries)
    at.sidebar.selectbox(key="lang_picker").select("el").run()
    assert session.lang == "el" and len(session.practice.entries) == moves
    assert table_of(at)["labels"]["hand"] == translator("el").gettext("Your hand")


def test_score_a_hand_in_the_calculator() -> None:
    at = app()
    at.switch_page("app_pages/score.py").run()
    at.session_state["calc_how"] = "type"  # the cards typed in codes (the default picks them)
    at.run()
    at.text_area(key="calc_melds_0").set_value("KH KH KS KS KD KD KC\nAH AS 2D").run()
    at.text_input(key="calc_threes_0").set_value("3H").run()
    at.text_input(key="calc_hand_2").set_value("9C 4D").run()
    at.checkbox(key="calc_out_0").check().run()
    assert "**815**" in texts(at)  # 500 + 100 + 100 + 130 - 15
    at.button(key="add_hand").click().run()
    assert "Your side\\: 815 points; next initial meld at least 50 points\\." in texts(at)


def test_a_bad_upload_is_refused_with_a_message() -> None:
    from tutor.ui.practice import Practice  # noqa: F401  (the page imports it too)

    at = deal(app())
    session = at.session_state[KEY]
    moves = len(session.practice.entries)
    session.message = None
    # AppTest cannot drive the file uploader; call the page's validation path directly.
    from tutor.engine.records import loads_record

    with pytest.raises(Exception, match="record"):
        loads_record('{"format": "something else"}')
    assert len(session.practice.entries) == moves


def test_twenty_learners_at_once_each_see_their_own_language_lesson_and_hand() -> None:
    langs = list(LANGUAGES)
    learners = []
    for index in range(20):
        lang = langs[index % len(langs)]
        at = app(lang, lesson="taking-the-pile" if index % 2 else "cards-and-values")
        at.switch_page("app_pages/practice.py").run()
        at.number_input(key="seed").set_value(100 + index).run()
        at.button(key="new_hand").click().run()
        learners.append((at, lang, index))
    for at, lang, index in learners:
        session = at.session_state[KEY]
        assert session.lang == lang
        assert session.seed == 100 + index and session.practice.seed == 100 + index
        assert session.lesson_id == ("taking-the-pile" if index % 2 else "cards-and-values")
        assert table_of(at)["labels"]["hand"] == translator(lang).gettext("Your hand")
    hands = {tuple(map(str, at.session_state[KEY].practice.states[0].hands[0]))
             for at, _, _ in learners}
    assert len(hands) == 20


def choice_values(widget: Any) -> list[object]:
    """The values behind a single-choice widget's shown options (AppTest sees only labels)."""
    from tutor.engine.cards import Rank
    from tutor.engine.rules import OPTIONS, PRESET_NAMES
    from tutor.ui.coach import LEVELS

    universe: list[object] = [*LANGUAGES, *PRESET_NAMES, *LEVELS, "C-", "C2-", "C3-", "M-",
                              *(value for spec in OPTIONS for value in spec.values),
                              *(rank.symbol for rank in Rank)]
    shown = set(widget.options)
    values = []
    for value in universe:
        try:
            if str(widget.format_func(value)) in shown:
                values.append(value)
        except (KeyError, ValueError, TypeError):
            continue
    assert values, f"no known value for {widget.key}"
    return values


@pytest.mark.parametrize("page", PAGES)
def test_monkey_300_random_clicks(page: str) -> None:
    """Random clicks on enabled buttons, toggles, checkboxes and selects and on the card table
    (its intents with random cards), now and then opening or closing an expander: never an
    exception. Each page starts in another language. (Clicks in the browser: the table's own
    monkey test in tests/e2e.)"""
    rng = random.Random(page)
    langs = list(LANGUAGES)
    at = app(langs[(PAGES.index(page) + 1) % len(langs)])
    at.switch_page(page).run()
    if page.endswith("practice.py"):
        at.button(key="new_hand").click().run()
    from tutor.ui.card_table.intents import IntentKind
    from tutor.ui.lesson_table import handle_step_intent
    from tutor.ui.practice_table import handle_intent

    for _ in range(300):
        tables = [e for e in at.get("bidi_component") if e.key in ("table", TABLE_KEY)]
        if tables and rng.random() < 0.3:  # a click on the table: any move, random cards
            data = mounted_data(tables[0].proto.json)
            hand = len(data["hand"])
            raw = {"kind": rng.choice([k.value for k in IntentKind]),
                   "selected": rng.sample(range(hand), k=min(hand, rng.randint(0, 3))),
                   "version": data["version"], "group": rng.choice([None, 0]),
                   "onto": rng.choice([None, "K", "7"])}
            session = at.session_state[KEY]
            if tables[0].key == "table":
                handle_intent(session, raw, translator(session.lang))
            elif session.lesson_id is not None:
                from tutor.lessons.load import load_all

                lesson = next(x for x in load_all() if x.id == session.lesson_id)
                step = lesson.steps[min(session.step_index, len(lesson.steps) - 1)]
                handle_step_intent(session, lesson, step, raw, translator(session.lang))
            at.run()
            assert not at.exception, [e.value for e in at.exception]
            continue
        if rng.random() < 0.05:  # expanders whose bodies are built only while open
            key = rng.choice(["settings", "house_rules", "history", "advanced",
                              "lesson-advanced"])
            opened = bool(at.session_state[key]) if key in at.session_state else False
            at.session_state[key] = not opened
            at.run()
            continue
        choices = [w for kind in ("button", "button_group", "toggle", "checkbox", "selectbox")
                   for w in at.get(kind) if not w.disabled]
        widget = rng.choice(choices)
        if widget.type in ("button_group", "selectbox"):  # a single choice
            widget.set_value(rng.choice(choice_values(widget)))
        elif widget.type in ("toggle", "checkbox"):
            widget.set_value(not widget.value)
        else:
            widget.click()
        at.run()
        assert not at.exception, [e.value for e in at.exception]


def lesson_do_steps() -> list[tuple[str, str]]:
    from tutor.lessons.load import load_all

    return [(lesson.id, step.id) for lesson in load_all() for step in lesson.steps
            if step.kind.value == "do" and (step.expect or step.expect_illegal)]


def card_picker(hand: list[str]) -> Callable[[tuple[object, ...]], list[int]]:
    """Positions in ``hand`` of the given cards, each position used once: two identical cards
    are two positions, as on the table."""
    taken: set[int] = set()

    def select(cards: tuple[object, ...]) -> list[int]:
        picked = []
        for card in map(str, cards):
            index = next(i for i, c in enumerate(hand) if c == card and i not in taken)
            taken.add(index)
            picked.append(index)
        return picked

    return select


@pytest.mark.parametrize(("lesson_id", "step_id"), lesson_do_steps())
def test_every_lesson_move_is_made_on_the_table(lesson_id: str, step_id: str) -> None:
    """Each do step's expected move, made by clicking its cards on the table (by position, the
    first free copy of each card), is judged right, and the table then shows the position after
    it; a move the step invites as illegal is explained."""
    from tutor.engine.actions import Meld, TakePile
    from tutor.lessons.load import load_all
    from tutor.ui.lesson_table import handle_step_intent

    lesson = next(item for item in load_all() if item.id == lesson_id)
    step = lesson.step(step_id)
    at = app(lesson=lesson.id, step=str(lesson.steps.index(step) + 1))
    session = at.session_state[KEY]
    assert step.position is not None
    hand = [str(card) for card in step.position.hands[step.position.turn]]
    action = step.expect[0] if step.expect else step.expect_illegal
    select = card_picker(hand)

    def click(kind: str, positions: list[int] | None = None, **extra: Any) -> None:
        data = table_of(at, TABLE_KEY)
        handle_step_intent(session, lesson, step, {"kind": kind, "selected": positions or [],
                                                   "version": data["version"], **extra},
                           translator("en"))
        at.run()
        assert not at.exception, [e.value for e in at.exception]

    groups = action.groups if isinstance(action, Meld) else (
        action.melds if isinstance(action, TakePile) else ())
    for group in groups:
        click("stage", select(group.cards), onto=group.onto.symbol if group.onto else None)
    if isinstance(action, TakePile):
        click("take", select(action.cards))
    elif isinstance(action, Meld):
        click("meld")
    else:
        kind = str(action).split()[0]
        cards = (action.card,) if kind == "discard" else ()
        click({"answer": "yes" if str(action) == "answer yes" else "no"}.get(kind, kind),
              select(cards))
    assert session.answer is not None
    assert any(("Right!" in s.value) or ("Well spotted" in s.value) for s in at.success), \
        (session.answer, [w.value for w in at.warning])
    if step.expect:  # the table shows the position after the move, to look at
        data = table_of(at, TABLE_KEY)
        assert data["readonly"] and data["log"] and data["verdict"]["legal"]




def test_the_rules_page_gives_each_rule_its_id_source_and_options() -> None:
    at = app("de")
    at.switch_page("app_pages/rules.py").run()
    shown = texts(at)
    tr = translator("de")
    assert "**C-PILE-3 · " in shown
    assert tr.gettext("Sources: {sources}").split("{")[0] + "[PAGAT](" in shown
    # C-PILE-8 names the house rule that changes it.
    assert tr.gettext("house rules: {options}").format(options="V-C2") in shown







def click_action(at: AppTest, action: object, hand: list[str]) -> None:
    """Make ``action`` on the practice table by clicking, as a learner would: the table's
    intents, with the cards picked by position (the first free copy of each)."""
    from tutor.engine.actions import (
        Answer,
        AskPartner,
        Discard,
        Draw,
        Group,
        Meld,
        NextHand,
        Pass,
        TakePile,
    )

    select = card_picker(hand)

    def stage(group: Group) -> None:
        onto = group.onto.symbol if group.onto is not None else None
        click(at, "stage", *select(group.cards), onto=onto)

    simple = {Draw: "draw", AskPartner: "ask", Pass: "pass"}
    if type(action) in simple:
        click(at, simple[type(action)])
    elif isinstance(action, NextHand):
        at.button(key="next").click().run()
    elif isinstance(action, Answer):
        click(at, "yes" if action.yes else "no")
    elif isinstance(action, Discard):
        click(at, "discard", *select((action.card,)))
    elif isinstance(action, Meld):
        for group in action.groups:
            stage(group)
        click(at, "meld")
    elif isinstance(action, TakePile):
        for group in action.melds:
            stage(group)
        click(at, "take", *select(action.cards))
    else:
        raise AssertionError(f"no way to click {action}")


def hinted_seed(preset: str) -> int:
    """The first deal whose hints include laying wild cards off onto a meld (``2C@K``), found
    by playing the hints without the page (the computer players change; the click path is
    what this test is about)."""
    for seed in range(1, 60):
        practice = Practice.start(rule_set(preset), seed)
        for _ in range(200):
            if practice.state.hand_over:
                break
            action = practice.hint().action
            if "@" in str(action):
                return seed
            practice.attempt(action)
    raise AssertionError(f"no deal of {preset} among 59 has a hinted lay-off of wild cards")


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_whole_hand_played_by_clicking_the_hints(preset: str) -> None:
    """Every move a standard player would make can be made by clicking, and the hand ends with
    its score on the page."""
    seed = hinted_seed(preset)
    at = app()
    at.switch_page("app_pages/practice.py").run()
    at.selectbox(key="preset").set_value(preset).run()
    at.number_input(key="seed").set_value(seed).run()
    at.button(key="new_hand").click().run()
    hinted = []
    session = at.session_state[KEY]
    for _ in range(200):
        state = session.practice.state
        if state.hand_over:
            break
        decision = session.practice.hint()
        hinted.append(str(decision.action))
        made = sum(entry.seat == 0 for entry in session.practice.entries)
        click_action(at, decision.action, [str(c) for c in state.hands[0]])
        assert not at.exception, [e.value for e in at.exception]
        # A turn that ended leaves no verdict once the computer players have played (the table
        # shows it only while their moves play out); a refused click would leave its verdict.
        assert session.verdict is None or session.verdict.legal, (decision, session.verdict)
        mine = [entry for entry in session.practice.entries if entry.seat == 0]
        assert len(mine) == made + 1  # one move more, and it is the hinted one
        assert str(mine[-1].action) == str(decision.action)  # the clicks made that very move
    assert session.practice.state.hand_over
    assert any("@" in move for move in hinted)
    assert translator("en").gettext("Score of the hand") in texts(at)
    at.button(key="next").click().run()
    assert not at.exception and not session.practice.state.hand_over


def test_changing_the_calculators_rule_set_starts_another_running_game() -> None:
    """Found by the monkey test: a 4-player running game drawn with three players' sides."""
    at = app()
    at.switch_page("app_pages/score.py").run()
    at.session_state["calc_how"] = "type"  # the cards typed in codes (the default picks them)
    at.run()
    at.text_area(key="calc_melds_0").set_value("KH KH KS KS KD KD KC").run()
    at.button(key="add_hand").click().run()
    assert at.session_state[KEY].calculator_hands
    at.selectbox(key="calc_preset").set_value("classic-3p").run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state[KEY].calculator_hands == []


def test_the_computer_players_can_be_beginners() -> None:
    at = app()
    at.switch_page("app_pages/practice.py").run()
    next(g for g in at.get("button_group") if g.key == "level").set_value("beginner").run()
    at.button(key="new_hand").click().run()
    assert at.session_state[KEY].practice.level == "beginner"


def test_the_table_shows_what_freezes_the_pile() -> None:
    from helpers import position

    from tutor.ui.practice import Practice

    state = position("classic-4p", turn=0, phase="draw", hands=["KH KS 5C", "", "", ""],
                     pile="4C 2D KD", sides=[["QH QS QD"], []])
    at = app("sv")
    session = at.session_state[KEY]
    session.practice = Practice(state.rules, 1, "standard", [state])
    at.switch_page("app_pages/practice.py").run()
    pile = table_of(at)["board"]["pile"]
    tr = translator("sv")
    assert pile["label"] == tr.gettext("Discard pile")
    from tutor.engine.cards import Card
    from tutor.words.explain import card_name

    assert pile["crosswise"]["name"] == card_name(Card.parse("2D"), tr)  # laid crosswise
    assert pile["top"]["name"] == card_name(Card.parse("KD"), tr) and pile["reasons"]
    assert pile["frozen_mark"] == tr.gettext("Frozen")


def test_the_hint_is_asked_for_on_the_table_and_said_in_words() -> None:
    at = deal(app("de"))
    assert table_of(at)["hint"] is None
    click(at, "hint")
    hint = table_of(at)["hint"]
    session = at.session_state[KEY]
    from tutor.words.describe import describe

    assert hint["text"] == describe(session.practice.hint().action, translator("de"))
    click(at, "hint")
    assert table_of(at)["hint"] is None


def test_a_legal_but_wrong_lesson_move_keeps_the_table_live() -> None:
    at = app(lesson="taking-the-pile", step="3")  # the step asks to take the pile
    click_lesson = table_of(at, TABLE_KEY)
    from tutor.lessons.load import load_all
    from tutor.ui.lesson_table import handle_step_intent

    lesson = next(item for item in load_all() if item.id == "taking-the-pile")
    handle_step_intent(at.session_state[KEY], lesson, lesson.steps[2],
                       {"kind": "draw", "selected": [], "version": click_lesson["version"]},
                       translator("en"))
    at.run()
    data = table_of(at, TABLE_KEY)
    assert not data["readonly"] and data["buttons"] and data["verdict"]["legal"]
