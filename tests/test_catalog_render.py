"""The translators' review page shows each reason with several values (issue 28: one frozen value
per placeholder hid agreement errors such as "1 rois"): singular and plural, and cards and ranks
of other grammatical genders."""

from __future__ import annotations

from collections import Counter

from tutor.devtools.catalog_render import VARIANTS, reason_rows, sections
from tutor.i18n import translator


def test_a_reason_about_a_rank_is_shown_with_ranks_of_several_genders() -> None:
    rows = list(reason_rows(translator("fr")))
    mixed = [text for source, text in rows
             if source == "A meld is made of one rank only, not of {ranks}."]
    assert any("rois" in t for t in mixed) and any("dames" in t for t in mixed), mixed


def test_every_reason_is_shown_more_than_once_where_its_values_change_it() -> None:
    rows = list(reason_rows(translator("de")))
    shown = Counter(source for source, _ in rows)
    assert len(VARIANTS) >= 3
    assert sum(1 for n in shown.values() if n >= 2) > len(shown) // 3


def test_a_narration_sentence_is_shown_with_a_king_and_with_a_queen() -> None:
    events = dict(sections(translator("de")))["Events: what a move did"]
    new_meld = [text for source, text in events
                if source == "You took the discard pile ({n} cards) with two {rank}."]
    assert any("König" in t for t in new_meld) and any("Dame" in t for t in new_meld), new_meld


def test_one_card_of_a_rank_is_named_in_the_singular() -> None:
    events = dict(sections(translator("de")))["Events: what a move did"]
    one = [text for source, text in events if source == "one {rank}"]
    assert one and all("Könige" not in t and "Damen" not in t for t in one), one
