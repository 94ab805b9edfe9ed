"""A broken lesson is one broken lesson: a folder with good lesson files beside broken ones
loads the good ones and names each broken file once; ``lessons check`` lists every broken file
and step in one run; the Lessons page offers the good lessons, lists the broken ones as
unavailable and never shows an exception; random damage to a lesson's data gives the project's
error and nothing else."""

from __future__ import annotations

import copy
import os
import shutil
import textwrap
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from tutor.cli import main
from tutor.lessons.load import (
    LESSONS_DIR,
    LESSONS_DIR_SETTING,
    LessonError,
    load_each,
    parse_lesson,
)
from tutor.lessons.validate import check_lesson, load_playable, replay
from tutor.ui.session import KEY

APP = str(Path(__file__).resolve().parent.parent / "streamlit_app.py")
GOOD_FILES = ("classic-03-melds.toml", "modern-01-what-changes.toml")

PLANTED = """
id = "LESSON"
family = "classic"
title = "A planted lesson"

[[steps]]
id = "intro"
kind = "explain"
text = "Hello."

[[steps]]
id = "pair"
kind = "do"
text = "Take the pile."
expect = ["take KH KS"]
POSITION
"""
POSITION = ('position = { turn = 0, hands = ["KH KS 5D", "", "", ""], '
            'sides = [["7H 7S 7D"], []], pile = "4C KD" }')


def planted(lesson_id: str, position: str = POSITION) -> str:
    return textwrap.dedent(PLANTED).replace("LESSON", lesson_id).replace("POSITION", position)


# file name -> (its bytes, what its one problem says)
BROKEN: dict[str, tuple[bytes, str]] = {
    "a-unknown-key.toml": (
        planted("unknown-key").replace('title = "A', 'colour = "red"\ntitle = "A').encode(),
        "lesson unknown-key: unknown key(s) colour",
    ),
    "b-position-text.toml": (
        planted("position-text", 'position = "KH KS 5D"').encode(),
        "lesson position-text, step 2 (pair): 'position' must be a table",
    ),
    "c-not-toml.toml": (b'id = "not-toml\nfamily = classic\n', "not TOML"),
    "d-bad-move.toml": (
        planted("bad-move").replace("take KH KS", "take KH XX").encode(),
        "lesson bad-move, step 2 (pair): not a card: 'XX'",
    ),
    "e-not-utf8.toml": (planted("not-utf8").encode("latin-1") + b'# caf\xe9\n',
                        "not UTF-8 text"),
    "f-illegal-move.toml": (
        planted("illegal-move").replace("take KH KS", "take KH 5D").encode(),
        "lesson illegal-move, step pair: expected move take 5D KH is illegal",
    ),
    "g-huge-value.toml": (
        planted("huge-value").replace('"Hello."', '"Hello."\ncards = "' + "Q" * 5000 + '"')
        .encode(),
        "lesson huge-value, step 1 (intro): not a card",
    ),
}
LOAD_ONLY = set(BROKEN) - {"f-illegal-move.toml"}  # that one loads; the engine rejects it


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Two of the project's lessons beside the broken files, and a file that is not a lesson."""
    for name in GOOD_FILES:
        shutil.copy(LESSONS_DIR / name, tmp_path / name)
    for name, (data, _) in BROKEN.items():
        (tmp_path / name).write_bytes(data)
    (tmp_path / "notes.yaml").write_text("not: a lesson\n", encoding="utf-8")
    return tmp_path


def test_the_loader_offers_the_good_lessons_and_names_each_broken_file_once(
    folder: Path,
) -> None:
    loaded = load_playable(folder)
    assert {lesson.path for lesson in loaded.lessons} == set(GOOD_FILES)
    assert [item.file for item in loaded.broken] == sorted(BROKEN)
    for item in loaded.broken:
        assert len(item.problems) == 1, item
        assert BROKEN[item.file][1] in item.reason, item
        assert item.problems[0].startswith(f"{item.file}: ")
        assert len(item.reason) <= 160  # the huge value is cut, never echoed
    ids = {item.file: item.lesson_id for item in loaded.broken}
    assert ids["b-position-text.toml"] == "position-text"  # a link to it can be answered
    assert ids["c-not-toml.toml"] == ids["e-not-utf8.toml"] == ""


def test_loading_alone_leaves_the_engine_replay_to_load_playable(folder: Path) -> None:
    loaded = load_each(folder)
    assert {item.file for item in loaded.broken} == LOAD_ONLY
    (illegal,) = (lesson for lesson in loaded.lessons if lesson.id == "illegal-move")
    (problem,) = replay(illegal)
    assert str(problem).startswith("f-illegal-move.toml: lesson illegal-move, step pair: "
                                   "expected move take 5D KH is illegal: ")


def test_a_second_file_with_a_used_lesson_id_is_the_broken_one(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text(planted("same"), encoding="utf-8")
    (tmp_path / "b.toml").write_text(planted("same"), encoding="utf-8")
    loaded = load_playable(tmp_path)
    assert [lesson.path for lesson in loaded.lessons] == ["a.toml"]
    assert [item.reason for item in loaded.broken] == ["lesson id 'same' is also used by a.toml"]


def test_a_fifo_among_the_lessons_is_a_broken_file_not_a_hang(tmp_path: Path) -> None:
    (tmp_path / "good.toml").write_text(planted("good"), encoding="utf-8")
    os.mkfifo(tmp_path / "pipe.toml")  # opened for reading, it would wait for a writer
    loaded = load_playable(tmp_path)
    assert [lesson.path for lesson in loaded.lessons] == ["good.toml"]
    assert [(item.file, item.reason) for item in loaded.broken] == [
        ("pipe.toml", "not a regular file")]


def test_lessons_check_lists_every_broken_file_in_one_run(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["lessons", "check", "--dir", str(folder), "--skip-catalog"])
    lines = capsys.readouterr().out.splitlines()
    assert code == 2
    for name, (_, what) in BROKEN.items():
        assert [line for line in lines if line.startswith(f"{name}: ")] != [], name
        assert any(what in line for line in lines if line.startswith(f"{name}: ")), name
    assert not [line for line in lines if line.startswith(GOOD_FILES)]
    assert all(len(line) < 300 for line in lines)
    assert lines[-1].startswith("3 lessons, ")  # the two good ones and f, which loads


def test_lessons_check_of_good_files_exits_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in GOOD_FILES:
        shutil.copy(LESSONS_DIR / name, tmp_path / name)
    code = main(["lessons", "check", "--dir", str(tmp_path), "--skip-catalog"])
    assert code == 0, capsys.readouterr().out


def test_lessons_list_and_run_go_on_past_broken_files(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lessons", "list", "--dir", str(folder)]) == 0
    out, err = capsys.readouterr()
    assert "melds" in out and "modern-what-changes" in out
    assert "unavailable: b-position-text.toml: lesson position-text" in err
    assert main(["lessons", "run", "position-text", "--dir", str(folder), "--auto"]) == 2
    assert "lesson 'position-text' is unavailable" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("a = " + "[" * 2000 + "]" * 2000, "not TOML: nested too deeply"),
        ("id = " + "9" * 5000, "not TOML: Exceeds the limit"),
        ("# " + "x" * 1_100_000, "larger than 1000 kB, not a lesson"),
        (planted("p", "position = 7"), "'position' must be a table {turn, hands, sides, pile, "
                                       "...}, not 7"),
        (planted("p", 'position = ["KH"]'), "'position' must be a table"),
        (planted("p").replace('"intro"', '"' + "a" * 5000 + '"'), "step 1: 'id' must be a slug"),
        (planted("p").replace('"Hello."', '"Hello."\n' + "x" * 3000 + " = 1"),
         "unknown key(s) " + "x" * 29 + "\u2026 for a explain step"),
        (planted("p").replace("take KH KS", "take KH KS " * 1000), "step 2 (pair): "),
        (planted("p").replace('kind = "do"', "kind = 4"),
         "'kind' must be one of explain, quiz, do"),
        (planted("p").replace("title =", "order = " + "9" * 30 + "\ntitle ="),
         "lesson p: order: expected a whole number"),
    ],
    ids=["deep", "huge-int", "huge-file", "position-number", "position-list", "huge-step-id",
         "huge-key", "huge-move", "kind-number", "huge-order"],
)
def test_a_malformed_file_is_a_short_lesson_error(tmp_path: Path, text: str, what: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    loaded = load_playable(tmp_path)
    (broken,) = loaded.broken
    assert not loaded.lessons and broken.file == "bad.toml"
    assert any(what in line for line in broken.problems), broken.problems
    assert all(len(line) < 300 for line in broken.problems), broken.problems


# ----- the app -----------------------------------------------------------------------------------


def app_on(folder: Path, monkeypatch: pytest.MonkeyPatch, **query: str) -> AppTest:
    monkeypatch.setenv(LESSONS_DIR_SETTING, str(folder))
    at = AppTest.from_file(APP, default_timeout=60)
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_the_lessons_page_offers_the_good_lessons_and_lists_the_broken_ones(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    at = app_on(folder, monkeypatch)
    labels = {button.label for button in at.button}
    assert {"Melds", "What changes from Classic Canasta"} <= labels
    assert "A planted lesson" not in labels  # every planted lesson here is broken
    assert "Unavailable lessons" in [header.value for header in at.subheader]
    shown = [text.value for text in at.text]
    for name, (_, what) in BROKEN.items():
        (line,) = (line for line in shown if line.startswith(f"{name}: "))
        assert what in line, line
    at.button(key="open-melds").click().run()  # the rest of the app works
    assert not at.exception and at.session_state[KEY].lesson_id == "melds"


def test_a_link_to_a_broken_lesson_says_it_is_unavailable(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    at = app_on(folder, monkeypatch, lesson="position-text", step="2")
    assert [error.value for error in at.error] == [  # the id and file name escaped: text
        "The lesson position\\-text is unavailable: its file b\\-position\\-text\\.toml has a "
        "mistake."
    ]
    assert at.session_state[KEY].lesson_id is None
    at = app_on(folder, monkeypatch, lesson="melds", step="2")
    assert at.session_state[KEY].step_index == 1 and not at.error


def test_a_folder_of_broken_lessons_still_renders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a.toml").write_text("id = 5\n", encoding="utf-8")
    at = app_on(tmp_path, monkeypatch)
    assert at.button(key="path-classic").disabled and at.button(key="path-modern").disabled
    assert [text.value for text in at.text] == [
        "a.toml: 'id' must be a slug like 'taking-the-pile' (at most 60 characters), not 5"
    ]


# ----- random damage gives the project's error, never a traceback -------------------------------

SOURCES = {name: tomllib.loads((LESSONS_DIR / name).read_text(encoding="utf-8")) for name in (
    "classic-07-taking-the-pile.toml", "classic-10-scoring.toml", "classic-05-a-turn.toml")}
WORDS = st.sampled_from(["", "x", "KH KS", "take KH KS", "meld 9H 9S 9C", "draw", "classic",
                         "modern", "do", "quiz", "watch", "explain", "legal", "score", "value",
                         "minimum", "yes", "C-PILE-4", "play", "id", "steps", "0"])
SCALARS = st.one_of(st.booleans(), st.integers(), st.integers(min_value=10**30),
                    st.floats(allow_nan=True), st.text(max_size=12), WORDS)
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(WORDS, inner, max_size=4)), max_leaves=12)


def containers(node: Any) -> list[Any]:
    """Every table and list of the data, the data itself first."""
    inner = node.values() if isinstance(node, dict) else node
    return [node] + [found for child in inner if isinstance(child, dict | list)
                     for found in containers(child)]


def mutate(data: Any, draw: st.DrawFn) -> None:
    """One random change: a key or item of any table or list dropped or given another value
    (each equally likely, so the fields of steps and positions are hit as often as the top
    keys), or a key or item added."""
    nodes = containers(data)
    slots = [(node, key) for node in nodes
             for key in (list(node) if isinstance(node, dict) else range(len(node)))]
    action = draw(st.sampled_from(["change", "drop", "add"]))
    if action == "add":
        node = draw(st.sampled_from(nodes))
        if isinstance(node, dict):
            node[draw(WORDS)] = draw(VALUES)
        else:
            node.append(draw(VALUES))
        return
    node, key = draw(st.sampled_from(slots))
    if action == "drop":
        del node[key]
    else:
        node[key] = draw(VALUES)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_damaged_lesson_data_gives_a_lesson_error_or_a_lesson(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(sorted(SOURCES)))
    lesson_data = copy.deepcopy(SOURCES[name])
    for _ in range(data.draw(st.integers(min_value=1, max_value=3))):
        mutate(lesson_data, data.draw)
    try:
        lesson = parse_lesson(lesson_data, name)
    except LessonError as exc:
        assert exc.problems and all(line.startswith(f"{name}: ") for line in exc.problems)
        assert all(len(line) < 400 for line in exc.problems), exc.problems
        return
    for problem in replay(lesson):  # what loads replays, or says why not
        assert str(problem).startswith(f"{name}: ")


# ----- a yes/no quiz set answered one way ---------------------------------------------------------

YES_NO = """
id = "LESSON"
family = "classic"
title = "A planted yes/no set"

[[steps]]
id = "intro"
kind = "explain"
text = "Hello."
"""
# (step id, the move asked about): the first three are illegal, the last one legal
QUESTIONS = (("two-wild-cards", "take KH 2C"), ("one-king", "take KH"),
             ("black-three", "discard 3C"), ("a-pair", "take KH KS"))
QUIZ_POSITION = ('position = { turn = 0, phase = "draw", hands = ["KH KS 2C 3C 5D", "", "", ""], '
                 'sides = [["7H 7S 7D"], []], pile = "4C 2D KD" }')  # frozen by the two


def yes_no_lesson(lesson_id: str, questions: tuple[tuple[str, str], ...]) -> str:
    steps = "".join(f'\n[[steps]]\nid = "{step}"\nkind = "quiz"\nquiz = "legal"\n'
                    f'question = "May you do it?"\n{QUIZ_POSITION}\naction = "{move}"\n'
                    for step, move in questions)
    return textwrap.dedent(YES_NO).replace("LESSON", lesson_id) + steps


def test_a_lesson_whose_yes_no_answers_are_all_no_fails_lessons_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "all-no.toml").write_text(yes_no_lesson("all-no", QUESTIONS[:3]),
                                          encoding="utf-8")
    (tmp_path / "mixed.toml").write_text(yes_no_lesson("mixed", QUESTIONS), encoding="utf-8")
    (tmp_path / "two-no.toml").write_text(yes_no_lesson("two-no", QUESTIONS[:2]),
                                          encoding="utf-8")
    code = main(["lessons", "check", "--dir", str(tmp_path), "--skip-catalog"])
    lines = capsys.readouterr().out.splitlines()
    assert code != 0
    assert ("all-no.toml: lesson all-no: all 3 yes/no questions answer 'no' (steps "
            "two-wild-cards, one-king, black-three): make some answer the other way") in lines
    # three answers with a yes among them, and two answers alone, are fine
    assert not [line for line in lines if line.startswith(("mixed.toml", "two-no.toml"))]
    # a balance problem is for authors: the lesson can still be taken
    assert {lesson.id for lesson in load_playable(tmp_path).lessons} == {
        "all-no", "mixed", "two-no"}


def test_a_lesson_whose_yes_no_answers_are_all_yes_fails_too(tmp_path: Path) -> None:
    (tmp_path / "all-yes.toml").write_text(
        yes_no_lesson("all-yes", (("a", "take KH KS"), ("b", "draw"), ("c", "take KS KH"))),
        encoding="utf-8")
    (lesson,) = load_each(tmp_path).lessons
    (problem,) = check_lesson(lesson)
    assert str(problem) == ("all-yes.toml: lesson all-yes: all 3 yes/no questions answer 'yes' "
                            "(steps a, b, c): make some answer the other way")
