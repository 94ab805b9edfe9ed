"""The translators' review page shows each reason with several values (issue 28: one frozen value
per placeholder hid agreement errors such as "1 rois"): singular and plural, and cards and ranks
of other grammatical genders."""

from __future__ import annotations

from collections import Counter

from tutor.devtools.catalog_render import VARIANTS, event_rows, reason_rows
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
    events = list(event_rows(translator("de")))
    new_meld = [text for source, text in events
                if source == "You took the discard pile ({n} cards) with two {rank}."]
    assert any("König" in t for t in new_meld) and any("Dame" in t for t in new_meld), new_meld


def test_one_card_of_a_rank_is_named_in_the_singular() -> None:
    events = list(event_rows(translator("de")))
    one = [text for source, text in events if source == "one {rank}"]
    assert one and all("Könige" not in t and "Damen" not in t for t in one), one


def test_a_row_is_one_source_with_each_different_sentence_under_it() -> None:
    from tutor.devtools.catalog_render import grouped, render_html

    rows = [("a {n}", "x 1"), ("b", "y"), ("a {n}", "x 3"), ("a {n}", "x 1")]
    assert grouped(rows) == [("a {n}", ["x 1", "x 3"]), ("b", ["y"])]
    page = render_html(translator("de"), "Deutsch")
    row = page.split("Threes cannot be melded with other cards: the {card} stays out.")[1]
    row = row.split("</ul>")[0]
    assert row.count("<li>") == 4 and "Herz-Drei" in row and "Pik-Drei" in row, row


def test_a_reason_about_threes_names_threes_and_a_card_is_named_as_german_teachers_do() -> None:
    rows = list(reason_rows(translator("de")))
    texts = [text for source, text in rows if "{card}" in source or "{top}" in source]
    assert not any(" in Herz" in t or " in Pik" in t for t in texts)
    assert any("die Herz-Dame" in t for t in texts) and any("den Pik-König" in t for t in texts)
    threes = [text for source, text in rows if source.startswith("Threes are never melded:")]
    assert threes and all("-Drei" in t for t in threes), threes


def test_the_value_sets_hold_ranks_of_each_greek_gender() -> None:
    rows = list(reason_rows(translator("el")))
    mixed = [text for source, text in rows if source.startswith("Get rid of your {rank}")]
    assert any("περισσότεροι" in t for t in mixed) and any("περισσότερες" in t for t in mixed)
    assert any("τρία ή περισσότερα" in t for t in mixed), mixed


def test_a_meld_s_rank_is_plural_unless_the_sentence_counts_the_rank_itself() -> None:
    events = list(event_rows(translator("de")))
    pair = [text for source, text in events
            if source == "You took the discard pile (one card) with two {rank}."]
    assert pair and all("zwei Königen" in t or "zwei Damen" in t or "zwei Siebenen" in t
                        for t in pair), pair
    one_wild = [text for source, text in events
                if source == "{n} {rank} (one of them a wild card)"]
    assert one_wild and all(t.startswith("3 ") for t in one_wild), one_wild  # n: the meld's size
    worth = [text for source, text in events if source == "Going out is worth {n} point."]
    assert worth and all("1 Punkt" in t for t in worth), worth


def test_a_sentence_about_another_player_is_shown_with_several_seats() -> None:
    rows = list(reason_rows(translator("en")))
    about = [text for source, text in rows if source == "{who} is left holding {held} {rank}"]
    assert {"The left opponent", "Your partner", "The right opponent", "The opponent"} == {
        t.split(" is left")[0] for t in about}, about
    assert all("holding 1 " not in t for t in about), about  # three or more are ever left


def test_a_row_shows_each_gender_and_both_numbers_within_its_first_sentences() -> None:
    from tutor.devtools.catalog_render import SHOWN_PER_ROW, grouped

    rows = grouped(list(reason_rows(translator("el"))))
    held = dict(rows)["You are left holding {held} {rank}"]
    assert len(held) == SHOWN_PER_ROW
    assert any("ντάμες" in t for t in held) and any("εφτάρια" in t for t in held), held
    assert any(" 3 " in t for t in held) and any(" 4 " in t for t in held), held
