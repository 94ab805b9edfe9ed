"""Explanations: every reason the engine gives has a sentence; every rule a title and statement;
each language fills the parameters, plurals and numbers; learners keep their own language."""

from __future__ import annotations

import random
import threading

import cases_classic  # noqa: F401  (registers cases)
import cases_modern  # noqa: F401
import pytest
from babel.numbers import format_decimal
from helpers import CASES, position, verdict

from tutor.engine import Reason, apply, judge, new_game, rule_set
from tutor.engine.listing import candidate_actions
from tutor.engine.rule_ids import RULE_IDS
from tutor.engine.rules import OPTIONS, PRESET_NAMES
from tutor.engine.verdict import Reason as ReasonClass
from tutor.engine.view import observe
from tutor.explain import explain_reason, explain_score, explain_verdict, find_text, rule_title
from tutor.i18n import LANGUAGES, placeholders, translator
from tutor.players import RandomPlayer
from tutor.rule_texts import OPTION_TEXTS, RULE_TEXTS

FOREIGN = [lang for lang in LANGUAGES if lang != "en"]


def every_reason_the_engine_gives() -> set[Reason]:
    """Run every rule case and random hands in every preset, catching each reason made."""
    seen: set[Reason] = set()
    original = ReasonClass.of

    def spy(rule: str, **params: object) -> Reason:
        reason = original(rule, **params)  # type: ignore[arg-type]
        seen.add(reason)
        return reason

    ReasonClass.of = staticmethod(spy)  # type: ignore[method-assign]
    try:
        for rule_case in CASES:
            rule_case.run()
        for preset in PRESET_NAMES:
            for seed in range(6):
                state = new_game(rule_set(preset), seed=seed)
                player = RandomPlayer(seed)
                while not state.hand_over:
                    observe(state, state.turn)  # the table's reasons (why the pile is frozen)
                    # The judge puts permitting reasons together only for a verdict (not for
                    # is_legal or apply): ask for the verdict on every candidate.
                    for candidate in candidate_actions(state):
                        judge(state, candidate)
                    state = apply(state, player.choose(state))
    finally:
        ReasonClass.of = staticmethod(original)  # type: ignore[method-assign]
    return seen


REASONS = sorted(every_reason_the_engine_gives(), key=str)


def test_the_engine_gives_many_kinds_of_reason() -> None:
    assert len({r.rule for r in REASONS}) > 80


@pytest.mark.parametrize("reason", REASONS, ids=str)
def test_every_reason_has_a_sentence(reason: Reason) -> None:
    assert find_text(reason, "forbid") or find_text(reason, "permit"), f"no text for {reason}"


def test_every_rule_and_option_has_a_title_and_statement() -> None:
    assert list(RULE_TEXTS) == list(RULE_IDS)
    assert list(OPTION_TEXTS) == [spec.id for spec in OPTIONS]
    for title, statement in [*RULE_TEXTS.values(), *OPTION_TEXTS.values()]:
        assert title and statement and not placeholders(statement)


@pytest.mark.parametrize("lang", FOREIGN)
def test_every_language_translates_rule_titles(lang: str) -> None:
    tr = translator(lang)
    untranslated = [rule for rule in RULE_IDS if rule_title(rule, tr) == RULE_TEXTS[rule][0]
                    and RULE_TEXTS[rule][0].isascii() and len(RULE_TEXTS[rule][0]) > 12]
    assert not untranslated


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_refused_initial_meld_names_minimum_and_count(lang: str) -> None:
    state = position(hands=["6H 6S 6D KH KS KD 2C 9C 9D", "", "", ""], turn=0, phase="play",
                     scores=[3000, 0, 3000, 0])
    explanation = explain_verdict(verdict(state, "meld 6H 6S 6D | KH KS KD 2C"),
                                  translator(lang))
    text = explanation.text
    assert "120" in text and "65" in text and format_decimal(3000, locale=lang) in text
    assert "{" not in text and not explanation.legal
    if lang != "en":
        english = explain_verdict(verdict(state, "meld 6H 6S 6D | KH KS KD 2C"), translator("en"))
        assert text != english.text


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_legal_take_is_explained_with_card_names(lang: str) -> None:
    state = position(hands=["KH KS 5D 6D", "", "", ""], turn=0, pile="4C KD",
                     sides=[["QH QS QD"], []])
    explanation = explain_verdict(verdict(state, "take KH KS"), translator(lang))
    assert explanation.legal and explanation.reasons
    assert "{" not in explanation.text and "KD" not in explanation.text


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_plural_forms_follow_the_count(lang: str) -> None:
    tr = translator(lang)
    one = explain_reason(Reason.of("C-MELD-1", cards=1, minimum=3), tr)
    two = explain_reason(Reason.of("C-MELD-1", cards=2, minimum=3), tr)
    assert one != two and "{" not in one + two


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_score_breakdowns_are_explained_line_by_line(lang: str) -> None:
    from helpers import side

    from tutor.engine import score_hand

    a = side(["KH KH KS KS KD KD KC", "AH AS 2D"], ["", "9C 4D"], ["3H 3D 3H 3D", ""],
             seats=[0, 2], went_out=True)
    score = score_hand(rule_set("classic-4p"), (a,))
    lines = explain_score(score, translator(lang))[0]
    assert len(lines) == len(score.sides[0].items)
    assert all(line.label and "{" not in line.label for line in lines)
    assert any(format_decimal(800, locale=lang) in line.points_text for line in lines)


def test_two_learners_side_by_side_keep_their_own_language() -> None:
    state = position(hands=["KH KS 5D 6D", "", "", ""], turn=0, pile="4C 2D KD",
                     sides=[["QH QS QD"], []])
    v = verdict(state, "take KH 2C".replace("2C", "5D"))
    expected = {lang: explain_verdict(v, translator(lang)).text for lang in LANGUAGES}
    assert len(set(expected.values())) == len(LANGUAGES)
    results: dict[int, list[str]] = {}

    def learner(index: int, lang: str) -> None:
        rng = random.Random(index)
        results[index] = [explain_verdict(v, translator(lang)).text
                          for _ in range(50 + rng.randrange(10))]

    langs = [list(LANGUAGES)[i % len(LANGUAGES)] for i in range(20)]
    threads = [threading.Thread(target=learner, args=(i, lang)) for i, lang in enumerate(langs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for index, lang in enumerate(langs):
        assert set(results[index]) == {expected[lang]}
