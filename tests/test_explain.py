"""Explanations: every reason the engine gives has a sentence; every rule a title and statement;
each language fills the parameters, plurals and numbers; learners keep their own language."""

from __future__ import annotations

import random
import re
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
from tutor.i18n import LANGUAGES, placeholders, translator
from tutor.play.players import RandomPlayer
from tutor.words.explain import (
    Perspective,
    explain_reason,
    explain_score,
    explain_verdict,
    find_text,
    reason_sentence,
    rule_title,
)
from tutor.words.reason_texts import HOUSE_RULE_COUNTS, HOUSE_RULE_TEXTS, REASON_TEXTS, ReasonText
from tutor.words.rule_texts import OPTION_TEXTS, RULE_TEXTS

FOREIGN = [lang for lang in LANGUAGES if lang != "en"]
EN = translator("en")


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
    lines = explain_score(score, translator(lang), 0, 4)[0]
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


# ----- the seat a reason is about -------------------------------------------------------------

SECOND_PERSON = re.compile(r"\b(?:you|your|yours|you're|yourself)\b", re.IGNORECASE)


def _forms(text: str | tuple[str, str] | None) -> tuple[str, ...]:
    return () if text is None else text if isinstance(text, tuple) else (text,)


@pytest.mark.parametrize("entry", REASON_TEXTS, ids=lambda e: f"{e.rules[0]}:{_forms(e.text)[0]}")
def test_a_sentence_in_the_second_person_says_what_to_tell_another_seat(entry: ReasonText) -> None:
    """A sentence that says "you" either has a sentence about another seat (``other``, which
    names it by {who} or speaks of any player, and never says "you") or is only ever said to
    the learner."""
    if any(SECOND_PERSON.search(text) for text in _forms(entry.text)):
        assert entry.second_person
    assert not (entry.other is not None and entry.own_only)
    if entry.other is None:
        return
    assert isinstance(entry.other, tuple) == isinstance(entry.text, tuple)
    for text in _forms(entry.other):
        assert not SECOND_PERSON.search(text), text
        assert placeholders(text) - {"who"} <= entry.keys | entry.extra, text


def test_every_strategy_reason_can_be_told_about_another_seat() -> None:
    """A computer player's reasons are shown for its moves: an instruction ("Discard the …")
    needs its third-person sentence; only a statement of fact serves every seat."""
    statements = {"S-COMPLETE-CANASTA"}
    missing = [e.rules for e in REASON_TEXTS if e.rules[0].startswith("S-")
               and e.rules[0] not in statements and e.other is None]
    assert missing == []


def test_house_rule_sentences_are_impersonal() -> None:
    """They follow a reason about any seat (the asker's and the answerer's alike, V-M2)."""
    texts = [*HOUSE_RULE_TEXTS.values(), *(form for pair in HOUSE_RULE_COUNTS.values()
                                           for form in pair)]
    assert [text for text in texts if SECOND_PERSON.search(text)] == []


@pytest.mark.parametrize(("target", "said"), [("2500", "2,500 points"), ("1", "1 point")])
def test_the_target_score_of_the_house_rule_takes_its_plural_form(target: str, said: str) -> None:
    from tutor.engine.verdict import HouseRule
    from tutor.words.explain import explain_house_rule

    text = explain_house_rule(HouseRule("V-C10", target), translator("en"))
    assert text == f"At this table the game is played to {said}."


@pytest.mark.parametrize(("params", "said"), [
    ({"pile": 1}, "it holds 1 card and"), ({"pile": 12}, "it holds 12 cards and"),
])
def test_a_reason_about_another_seat_takes_the_form_of_its_count(
    params: dict[str, object], said: str
) -> None:
    """The form follows the number that governs the noun, in the sentence about another seat
    too."""
    text = explain_reason(Reason.of("S-FREEZE", **params), EN, "permit", LEFT)
    assert said in text and text.startswith("The left opponent discards")
    assert said in explain_reason(Reason.of("S-FREEZE", **params), EN, "permit", OWN)


LEFT = Perspective(1, 0, 4)
PARTNER = Perspective(2, 0, 4)
OWN = Perspective(0, 0, 4)


@pytest.mark.parametrize(("perspective", "expected"), [
    (OWN, "Your side has melded already, so you meld freely."),
    (LEFT, "The left opponent's side has melded already, so they meld freely."),
    (PARTNER, "Your partner's side has melded already, so they meld freely."),
    (Perspective(1, 0, 2), "The opponent's side has melded already, so they meld freely."),
    (Perspective(2, 0, 3), "The right opponent's side has melded already, so they meld freely."),
])
def test_a_reason_is_told_for_the_seat_it_is_about(perspective: Perspective,
                                                   expected: str) -> None:
    reason = Reason.of("C-INIT-4", count=60)
    sentence = reason_sentence(reason, EN, "permit", perspective)
    assert sentence.text == expected == explain_reason(reason, EN, "permit", perspective)
    assert sentence.about == perspective.seat
    assert sentence.you == (0 if perspective.own else None)


def test_the_findings_of_the_learner_in_chromium_read_right() -> None:
    """Issue 22: the left opponent going out, seen from seat 0 (whose side had no canasta)."""
    out = explain_reason(Reason.of("C-OUT-1", canastas=1, needed=1), EN, "permit", LEFT)
    assert out == "Going out needs 1 canasta; the left opponent's side has 1."
    fast = explain_reason(Reason.of("S-GO-OUT-FAST", cards=22), EN, "permit", LEFT)
    assert fast == ("The left opponent goes out quickly: their opponents hold 22 cards, which "
                    "will count against them.")
    assert explain_reason(Reason.of("S-GO-OUT-FAST", cards=22), EN, "permit", OWN) == (
        "Go out quickly: the opponents hold 22 cards, which will count against them.")


def test_a_sentence_only_ever_said_to_the_learner_is_not_said_about_another_seat() -> None:
    reason = Reason.of("C-TURN-1", seat=1, to_move=2)
    assert explain_reason(reason, EN, "forbid", Perspective(1, 1, 4)) == (
        "It is not your turn: the left opponent is to play.")
    sentence = reason_sentence(reason, EN, "forbid", LEFT)
    assert sentence.text == f"This rule applies: {rule_title('C-TURN-1', EN)}."
    assert sentence.you is None


def test_a_headline_about_another_seat_names_it() -> None:
    state = position(hands=["KH KS 5D 6D", "", "", ""], turn=0, pile="4C KD",
                     sides=[["QH QS QD"], []])
    v = verdict(state, "take KH KS")
    assert explain_verdict(v, EN).headline == "You may take the discard pile."
    other = explain_verdict(v, EN, PARTNER)
    assert other.headline == "Your partner may take the discard pile."
    assert not any(SECOND_PERSON.search(line.replace("your partner", ""))
                   for line in other.reasons), other.reasons
    assert explain_verdict(v, EN, OWN) == explain_verdict(v, EN)


def test_a_reason_decided_by_a_house_rule_keeps_it_for_another_seat() -> None:
    from tutor.engine.verdict import HouseRule

    reason = Reason.of("M-OUT-4", answer="yes", binding=True).under(HouseRule("V-M2", "binding"))
    assert explain_reason(reason, EN, "permit", PARTNER) == (
        "Your partner answers yes. At this table a partner's yes binds: the player who asked "
        "must then go out.")
    assert explain_reason(reason, EN, "permit", OWN).startswith("You answer yes.")


def _permits_of_random_hands() -> list[Reason]:
    """Every permitting reason of every legal candidate in random hands of every preset."""
    found: dict[Reason, None] = {}
    for preset in PRESET_NAMES:
        for seed in range(3):
            state = new_game(rule_set(preset), seed=seed)
            player = RandomPlayer(seed)
            while not state.hand_over:
                for candidate in candidate_actions(state):
                    ruling = judge(state, candidate)
                    if ruling.legal:
                        found.update(dict.fromkeys(ruling.permitting))
                state = apply(state, player.choose(state))
    return list(found)


PERMITS = _permits_of_random_hands()


@pytest.mark.parametrize("perspective", [LEFT, PARTNER, Perspective(1, 0, 3),
                                         Perspective(1, 0, 2)], ids=str)
def test_every_permitting_reason_is_told_about_another_seat(perspective: Perspective) -> None:
    """Any move another seat makes can be explained in its history without "you", and never
    by the neutral fallback."""
    fallback = re.compile(r"^This rule applies: ")
    names = [format(perspective.name(EN), spec) for spec in ("gen|def", "")]
    wrong = []
    for reason in PERMITS:
        sentence = reason_sentence(reason, EN, "permit", perspective)
        text = sentence.text
        entry = find_text(reason, "permit")
        if entry is not None and entry.partner is not None and perspective == PARTNER:
            # the partner's question is put to the reader: "Your partner may ask you ..."
            assert text.startswith("Your partner ") and " you" in text
            assert sentence.you == perspective.viewer  # the reader is the one asked
            continue
        for name in names:
            text = re.sub(re.escape(name), "", text, flags=re.IGNORECASE)
        if fallback.match(sentence.text) or SECOND_PERSON.search(text) or sentence.you:
            wrong.append((str(reason), sentence.text))
    assert len(PERMITS) > 40 and wrong == []


# ----- seats named from the reader's chair, no ids inside sentences (issue 28) ------------------

SEAT_NUMBER = re.compile(r"\b[Ss]eat \d")


def test_whose_turn_it_is_is_said_from_the_readers_chair() -> None:
    reason = Reason.of("C-TURN-1", seat=0, to_move=2)
    assert explain_reason(reason, EN, "forbid", OWN) == (
        "It is not your turn: your partner is to play.")
    three = explain_reason(Reason.of("C-TURN-1", seat=0, to_move=2), EN, "forbid",
                           Perspective(0, 0, 3))
    assert three == "It is not your turn: the right opponent is to play."
    # no chair known (or a seat not at the table): no seat is named, by number or otherwise
    assert explain_reason(reason, EN) == "It is not your turn."
    assert explain_reason(Reason.of("C-TURN-1", seat=0, to_move=5), EN, "forbid", OWN) == (
        "It is not your turn.")


def test_asking_the_partner_names_no_seat() -> None:
    reason = Reason.of("C-OUT-4", partner=2)
    assert explain_reason(reason, EN, "permit", OWN) == (
        "You may ask your partner whether you may go out.")
    assert explain_reason(Reason.of("C-OUT-4", partner=3), EN, "permit", LEFT) == (
        "The left opponent may ask their partner whether they may go out.")


def test_a_score_line_names_the_hand_from_the_readers_chair() -> None:
    from tutor.engine.scoring import ScoreItem
    from tutor.words.explain import explain_item

    kept = ScoreItem("hand", Reason.of("C-SCORE-1", cards=3, seat=1), -30)
    assert [explain_item(kept, EN, viewer, 4).label for viewer in (1, 0, 3)] == [
        "3 cards left in your hand", "3 cards left in the left opponent's hand",
        "3 cards left in your partner's hand"]
    assert explain_item(kept, EN, 0, 7).label == "3 cards left in a hand"  # no such table
    held = ScoreItem("penalty", Reason.of("M-SCORE-4", held=3, rank="A", seat=2), -1500)
    assert explain_item(held, EN, 2, 4).label == "You are left holding 3 aces"
    assert explain_item(held, EN, 0, 4).label == "Your partner is left holding 3 aces"


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("viewer", range(4))
def test_no_reason_with_a_seat_shows_its_number(lang: str, viewer: int) -> None:
    """Every reason that carries a seat, from every chair of a four-player table, in every
    language: the seat's number is nowhere in the sentence."""
    tr = translator(lang)
    reasons = [Reason.of("C-TURN-1", seat=viewer, to_move=(viewer + 1) % 4),
               Reason.of("C-OUT-4", partner=(viewer + 2) % 4),
               Reason.of("C-SCORE-1", cards=3, seat=(viewer + 1) % 4),
               Reason.of("M-SCORE-4", held=3, rank="A", seat=(viewer + 3) % 4)]
    for reason in reasons:
        for seat in range(4):
            perspective = Perspective(seat, viewer, 4)
            for polarity in ("forbid", "permit"):
                text = explain_reason(reason, tr, polarity, perspective)
                assert not re.search(r"\d", text.replace("3", "")), text


def test_a_sentence_naming_a_seat_has_one_without_for_a_reader_of_no_known_chair() -> None:
    seated = [entry for entry in REASON_TEXTS if entry.seated]
    assert len(seated) >= 3
    for entry in seated:
        after = REASON_TEXTS[REASON_TEXTS.index(entry) + 1:]
        assert any(not e.seated and e.rules == entry.rules and e.keys == entry.keys
                   and e.when == entry.when for e in after), entry.rules
    seat_fields = {"{seat}", "{to_move}", "{partner}"}
    for entry in REASON_TEXTS:  # a seat's number is never a placeholder of a sentence
        texts = [entry.text, entry.other] if entry.other else [entry.text]
        for text in texts:
            for one in (text if isinstance(text, tuple) else (text,)):
                used = {f"{{{p}}}" for p in placeholders(one)}
                assert not used & seat_fields or entry.seated, one


def test_no_house_rule_sentence_names_an_id() -> None:
    from tutor.devtools.catalogs import RULE_ID

    texts = [*HOUSE_RULE_TEXTS.values(), *(t for pair in HOUSE_RULE_COUNTS.values() for t in pair)]
    assert len(texts) > 20
    assert [t for t in texts if RULE_ID.search(t) or "{option}" in t] == []


def test_a_draw_hint_says_how_many_cards_the_rules_draw() -> None:
    from tutor.engine.actions import Draw
    from tutor.words.describe import describe

    assert describe(Draw(), EN) == "Draw from the stock."
    assert describe(Draw(), EN, rule_set("classic-2p").draw_count) == (
        "Draw two cards from the stock.")
    assert describe(Draw(), EN, rule_set("classic-4p").draw_count) == "Draw from the stock."


def test_the_partners_question_is_put_to_the_reader_not_to_their_partner() -> None:
    """About the reader's partner, "their partner" would be the reader: the sentence says so."""
    reason = Reason.of("C-OUT-4", partner=0)
    assert explain_reason(reason, EN, "permit", PARTNER) == (
        "Your partner may ask you whether they may go out.")
    assert explain_reason(reason, EN, "permit", LEFT) == (
        "The left opponent may ask their partner whether they may go out.")
