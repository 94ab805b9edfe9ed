"""Lesson texts speak of cards and moves in words: no card or action notation, no rule or option
ids, no typing instructions, no gendered partner, no false canasta claims; ``lessons check``
reports every such text (and every broken file and step) in one run, naming file, lesson and
step, in English and in the catalogs' translations."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.i18n import LANGUAGES
from tutor.lessons import validate
from tutor.lessons.load import LessonError, load_all, load_file
from tutor.lessons.model import Lesson
from tutor.lessons.validate import (
    check_all,
    check_lesson,
    check_texts,
    false_canasta_claim,
    lesson_texts,
    text_problems,
)

LESSONS = load_all()

PLANTED = """
id = "planted"
family = "classic"
title = "A planted lesson"

[[steps]]
id = "intro"
kind = "explain"
text = "INTRO"

[[steps]]
id = "pair"
kind = "do"
text = "Take the pile with your two kings."
expect = ["take KH KS"]
position = {turn = 0, hands = ["KH KS 5D", "", "", ""], sides = [["7H 7S 7D"], []], pile = "4C KD"}
hint = "HINT"

[[steps]]
id = "watch"
kind = "watch"
text = "Watch."
position = {turn = 0, hands = ["KH KS 5D", "", "", ""], sides = [["7H 7S 7D"], []], pile = "4C KD"}

[[steps.moves]]
action = "take KH KS"
say = "SAY"
"""


def planted(intro: str = "Hello.", hint: str = "Select your two kings.",
            say: str = "You take the pile.") -> str:
    return PLANTED.replace("INTRO", intro).replace("HINT", hint).replace("SAY", say)


def write(folder: Path, text: str, name: str = "planted.toml") -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def lessons_check(capsys: pytest.CaptureFixture[str], folder: Path) -> tuple[int, list[str]]:
    code = main(["lessons", "check", "--dir", str(folder), "--skip-catalog"])
    out, _ = capsys.readouterr()
    return code, out.splitlines()


# ----- the project's lessons -------------------------------------------------------------------


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_the_lessons_speak_in_words_in_english(lesson: Lesson) -> None:
    problems = check_texts(lesson.id, lesson.path, lesson_texts(lesson), ("en",))
    assert not problems, "\n".join(map(str, problems))


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_the_translations_of_the_lessons_speak_in_words(lesson: Lesson) -> None:
    problems = check_texts(lesson.id, lesson.path, lesson_texts(lesson), tuple(LANGUAGES))
    assert not problems, "\n".join(map(str, problems))


def test_lessons_check_passes_the_project_lessons(capsys: pytest.CaptureFixture[str]) -> None:
    """Engine replay and texts in every language (the template is the catalogs' concern)."""
    code = main(["lessons", "check", "--skip-catalog"])
    out, _ = capsys.readouterr()
    assert code == 0, out
    assert out.endswith("all replay through the engine, texts in words\n")


def test_every_text_of_a_lesson_is_checked() -> None:
    lesson = next(item for item in LESSONS if item.id == "going-out")
    fields = {item.field for item in lesson_texts(lesson)}
    assert {"title", "summary", "text", "question", "hint", "success", "say (move 1)"} <= fields
    assert {item.text for item in lesson_texts(lesson)} == set(validate.texts(lesson))


# ----- planted texts fail lessons check, naming file, lesson and step ----------------------------


def test_the_planted_lesson_passes_as_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, planted())
    code, lines = lessons_check(capsys, tmp_path)
    assert code == 0, lines
    assert check_lesson(load_file(tmp_path / "planted.toml")) == []


@pytest.mark.parametrize(
    ("hint", "found"),
    [
        ("Write take KH KS.", "card notation 'KH', 'KS'"),
        ("Write take KH KS.", "action notation 'take KH'"),
        ("Write take KH KS.", "a typing instruction 'Write'"),
        ("Lay the two with meld 2C@K.", "notation sign '@'"),
        ("Lay both: 9H 9S | 10S 10D.", "card notation '9H', '9S', '10S', '10D'"),
        ("Lay both: 9H 9S | 10S 10D.", "notation sign '|'"),
        ("Keep your JK.", "card notation 'JK'"),
        ("Take the pile, then discard 7 of them.", "action notation 'discard 7'"),
    ],
)
def test_a_planted_notation_text_fails_lessons_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], hint: str, found: str
) -> None:
    write(tmp_path, planted(hint=hint))
    code, lines = lessons_check(capsys, tmp_path)
    assert code == 2
    assert any(
        line.startswith("planted.toml: lesson planted, step pair: hint (en) has " + found)
        for line in lines
    ), lines


@pytest.mark.parametrize("rule", ["V-C1", "C-PILE-3", "C2-4", "C3-12", "M-OUT-2", "V-M6"])
def test_a_planted_rule_or_option_id_fails_lessons_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rule: str
) -> None:
    write(tmp_path, planted(intro=f"The tutor has this house rule as option {rule}."))
    code, lines = lessons_check(capsys, tmp_path)
    assert code == 2
    assert f"planted.toml: lesson planted, step intro: text (en) has rule or option id '{rule}'" \
        in "\n".join(lines)


@pytest.mark.parametrize(
    "claim",
    [
        "Lay the black threes as a new meld: it can grow into a canasta.",
        "Black threes can become a canasta when you go out.",
        "Collect your red threes: four of them make a canasta.",
        "Keep your threes, they may form a natural canasta later.",
    ],
)
def test_a_planted_false_canasta_claim_fails_lessons_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], claim: str
) -> None:
    write(tmp_path, planted(say=claim))
    code, lines = lessons_check(capsys, tmp_path)
    assert code == 2
    assert any(
        line.startswith("planted.toml: lesson planted, step watch: say (move 1) (en) has a false "
                        "canasta claim")
        for line in lines
    ), lines


@pytest.mark.parametrize(
    "true_statement",
    [
        "Black threes never make a canasta.",
        "Black threes cannot become a canasta: they are melded only to go out.",
        "Discard your black three. Three more kings make a canasta.",
        "Red threes are not melded, so they do not make a canasta.",
    ],
)
def test_a_true_statement_about_threes_is_not_a_false_claim(true_statement: str) -> None:
    assert false_canasta_claim(true_statement) is None


def test_a_gendered_partner_fails_lessons_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, planted(say="Your partner takes the pile. Then she discards."))
    code, lines = lessons_check(capsys, tmp_path)
    assert code == 2
    assert "step watch: say (move 1) (en) has a gendered pronoun 'she'" in "\n".join(lines)


@pytest.mark.parametrize(
    "ordinary",
    [
        "Das Ass ist 20 Punkte wert, der König 10.",  # de
        "El As y el as de picas valen 20 puntos cada uno.",  # es
        "Ess er verdt 20 poeng. Ta bunken med de to kongene.",  # nb
        "Ess är värda 20 poäng. Ta högen med dina två kungar.",  # sv
        "Ο άσος αξίζει 20 πόντους. Πάρτε τη στοίβα με τους δύο ρηγάδες.",  # el
        "Take the pile with your two kings, then meld all seven queens and discard the ace.",
    ],
)
def test_ordinary_words_are_not_notation(ordinary: str) -> None:
    assert list(text_problems(ordinary, english=False)) == []


# ----- translations ------------------------------------------------------------------------------


class FakeTranslator:
    """A catalog whose Swedish translation of one text slipped back into notation."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def pgettext(self, context: str, text: str) -> str:
        if self.lang == "sv" and context == "lesson:planted" and text.startswith("Select"):
            return "Skriv take KH KS."
        return text


def test_a_translation_in_notation_fails_naming_its_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(validate, "translator", FakeTranslator)
    write(tmp_path, planted())
    code, lines = lessons_check(capsys, tmp_path)
    assert code == 2
    assert [line for line in lines if "has" in line] == [
        "planted.toml: lesson planted, step pair: hint (sv) has card notation 'KH', 'KS' in the "
        "translation of 'Select your two kings.'",
        "planted.toml: lesson planted, step pair: hint (sv) has action notation 'take KH' in the "
        "translation of 'Select your two kings.'",
    ]


# ----- one run reports every broken file and step ------------------------------------------------


def test_lessons_check_reports_every_broken_file_and_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, planted(intro="Option V-C1.", hint="Write take KH KS."), "a.toml")
    write(tmp_path, planted(say="Black threes can grow into a canasta.")
          .replace('id = "planted"', 'id = "second"'), "b.toml")
    broken = (planted(intro="Meld 9H 9S 9D.")
              .replace('id = "planted"', 'id = "third"')
              .replace('expect = ["take KH KS"]', 'expect = ["take KH XX"]')
              .replace('action = "take KH KS"', 'action = "fly"'))
    write(tmp_path, broken, "c.toml")
    write(tmp_path, planted().replace('id = "planted"', 'id = "fine"'), "d.toml")
    code, lines = lessons_check(capsys, tmp_path)
    out = "\n".join(lines)
    assert code == 2
    assert "a.toml: lesson planted, step intro: text (en) has rule or option id 'V-C1'" in out
    assert "a.toml: lesson planted, step pair: hint (en) has card notation 'KH', 'KS'" in out
    assert "b.toml: lesson second, step watch: say (move 1) (en) has a false canasta claim" in out
    # c.toml does not load: both broken steps are named, and its texts are still checked
    assert "c.toml: lesson third, step 2 (pair): not a card: 'XX'" in out
    assert "c.toml: lesson third, step 3 (watch): not an action: 'fly'" in out
    assert "c.toml: lesson third, step intro: text (en) has card notation '9H', '9S', '9D'" in out
    assert "d.toml" not in out
    assert [line.split(":")[0] for line in lines[:-1]] == sorted(  # file by file
        line.split(":")[0] for line in lines[:-1])
    assert lines[-1] == "3 lessons, 9 steps: 9 problem(s)"


def test_a_file_with_two_broken_steps_names_both(tmp_path: Path) -> None:
    text = (planted().replace('expect = ["take KH KS"]', 'expect = ["take KH XX"]')
            .replace('action = "take KH KS"', 'action = "fly"'))
    with pytest.raises(LessonError) as caught:
        load_file(write(tmp_path, text))
    problems = caught.value.problems
    assert len(problems) == 2
    assert problems[0].startswith("planted.toml: lesson planted, step 2 (pair): ")
    assert problems[1].startswith("planted.toml: lesson planted, step 3 (watch)")


def test_a_repeated_lesson_id_is_reported_with_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, planted(), "a.toml")
    write(tmp_path, planted(hint="Write take."), "b.toml")
    report = check_all(tmp_path, None, ("en",))
    assert "b.toml: lesson id 'planted' is also used by a.toml" in report.problems
    assert any("b.toml: lesson planted, step pair: hint (en) has a typing instruction" in p
               for p in report.problems)


# ----- the practice hint about black threes ------------------------------------------------------


def test_the_hint_for_melding_black_threes_says_going_out_not_canasta() -> None:
    """Black threes are melded only to go out (C-MELD-9) and never make a canasta: the computer
    players' reason for that meld (shown as the practice hint) says so."""
    from tutor.engine.verdict import Reason
    from tutor.engine.view import observe
    from tutor.i18n import translator
    from tutor.play.bots import Beginner, Standard
    from tutor.words.explain import explain_reason

    english = translator("en")
    wrong = explain_reason(Reason.of("S-NEW-MELD", rank="3"), english, "permit")
    assert false_canasta_claim(wrong) is not None  # the old hint: "it can grow into a canasta"
    lesson = next(item for item in LESSONS if item.id == "going-out")
    position = lesson.step("black-threes").position
    assert position is not None
    for player in (Beginner(), Standard()):
        decision = player.decide(observe(position, 0))
        assert str(decision.action) == "meld 3C 3S 3S"
        assert decision.reasons[0].rule == "S-GO-OUT"
        said = [explain_reason(reason, english, "permit") for reason in decision.reasons]
        assert not [text for text in said if false_canasta_claim(text)], said


# ----- one verdict word per answer ---------------------------------------------------------------
# The app says "Right!" (or "Well spotted" for a move meant to fail) before a step's success text,
# so a success text that starts with its own "Right." reads "Right! Right. ..." (issue 22).
VERDICT_WORDS = ("right", "correct", "exactly", "well done", "good.", "yes.", "well spotted")


def success_texts() -> list[tuple[Lesson, str, str]]:
    return [(lesson, step.id, step.success) for lesson in LESSONS for step in lesson.steps
            if step.success]


def test_no_success_text_starts_with_the_verdict_the_app_already_gives() -> None:
    doubled = [f"{lesson.id}/{step}: {text}" for lesson, step, text in success_texts()
               if text.lower().startswith(VERDICT_WORDS)]
    assert not doubled, doubled


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_no_translated_success_text_repeats_the_translated_verdict(lang: str) -> None:
    from tutor.i18n import translator
    from tutor.lessons.runner import RIGHT, WELL_SPOTTED, say

    tr = translator(lang)
    # the verdict's first words: "Rätt!" → "rätt", "Well spotted: …" → "well spotted"
    words = {re.split(r"[!.:,;¡¿]", tr.gettext(text).strip("¡¿ "))[0].strip().lower()
             for text in (RIGHT, WELL_SPOTTED)}
    doubled = [f"{lesson.id}/{step}: {shown}" for lesson, step, text in success_texts()
               # translated only: the English is tested above
               if (shown := say(lesson, text, tr)) != text
               and any(shown.lower().startswith(word) for word in words if word)]
    assert not doubled, doubled


def test_the_right_answer_of_every_quiz_says_right_once() -> None:
    from tutor.i18n import translator
    from tutor.lessons.answers import engine_answer
    from tutor.lessons.model import StepKind
    from tutor.lessons.runner import quiz_feedback

    english = translator("en")
    for lesson in LESSONS:
        for step in lesson.steps:
            if step.kind is not StepKind.QUIZ:
                continue
            feedback = quiz_feedback(lesson, step, engine_answer(step, lesson.rules), english)
            said = "\n".join(feedback.lines)
            assert feedback.correct and said.count("Right") == 1, (lesson.id, step.id, said)
