"""Every sentence with a count is a plural entry, so each language can make its words agree
with the number ("1 wrong answer", "2 wrong answers"; Swedish "1 elev", "2 elever").

The code's marked texts are read from its syntax tree (every ``N_``, ``NP_``, ``_``,
``gettext`` and ``pgettext`` call with a literal text, in the files the catalogs are extracted
from), not from locales/tutor.pot, which lags behind the code until the next extraction. A count
is a placeholder named for a number ({n}, {count}, {wrong}, {total} ...), or any placeholder
directly followed by a counted noun ("{pile} cards", "{score} points"). A few listed sentences
name a number by what it measures ("these cards count {count}"): a value, with no noun to agree.
"""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted([*ROOT.glob("tutor/**/*.py"), *ROOT.glob("app_pages/*.py"),
                  ROOT / "streamlit_app.py"])
SINGULAR_CALLS = {"N_", "_", "gettext", "NP_", "pgettext"}
# Placeholders this code names for numbers of things.
COUNT_FIELDS = frozenset({
    "n", "count", "wrong", "right", "learners", "done", "total", "score", "target", "minimum",
    "maximum", "needed", "canastas", "naturals", "wilds", "held", "pile", "meld_cards",
})
# A count before a plural noun ("{pile} cards"; "{kind} canasta" is an adjective, not a count).
COUNTED_NOUN = re.compile(r"\{(\w+)(?:![rsa])?(?::[^}]*)?\} (cards|points|learners|steps|moves|"
                          r"minutes|canastas|players|wild|natural)\b")
# Files with sentences with a count still to become plural entries (NN_/NPN_) there, by their
# owners (issue 22, item 7): listed so the check guards every other file. A file whose last such
# sentence is fixed must leave this list (the second test says so). Issue 22's are all done.
PENDING: frozenset[str] = frozenset()
# Sentences whose placeholders named for numbers hold values, not counts: the sentence names the
# number by what it measures ("these cards count 45", "the minimum is 50", "natural cards: 4"),
# so no word agrees with it. Listed by their whole text, so a new sentence with {count} is still
# checked; a counted noun after a placeholder ("{count} points") is a count even here.
VALUES = frozenset({
    # A handout's initial-meld table and points quiz: {score} a side's score, {points} what
    # melds count and {needed} the minimum, all values.
    "below {score}",
    "from {score}",
    "Your side's score is {score} and it has not melded yet. Do these melds from your hand make "
    "the initial meld?",
    "{points}: enough, the minimum is {needed}.",
    "{points}: not enough, the minimum is {needed}.",
    # {count} the points a first meld counts, {minimum} the points it needs, {score} the side's
    # score that sets the minimum (the first-meld rules C-INIT, M-INIT, C3-6 and C-PILE-4).
    "In the partnership, whoever melds first must reach their own minimum of {minimum} (score "
    "{score}); these cards count {count}.",
    "Make your side's first meld now: it counts {count}, the minimum is {minimum}, and "
    "afterwards the pile is easier to take.",
    "{who} makes their side's first meld now: it counts {count}, the minimum is {minimum}, and "
    "afterwards the pile is easier to take.",
    "Only cards from your hand count ({count}); the top card of the pile does not.",
    "Only cards from {who:gen|def} hand count ({count}); the top card of the pile does not.",
    "Red threes never count toward the first meld: the count stays {count}.",
    "The first meld counts the card values you meld this turn: {count}.",
    "The first meld counts the card values {who} melds this turn: {count}.",
    "Your side's first meld counts {count}: the minimum of {minimum} is reached.",
    "The first meld of {who:gen|def} side counts {count}: the minimum of {minimum} is reached.",
    "To take the pile before your side has melded, meld enough from your hand first ({count} so "
    "far; the top card does not count).",
    "When you take the pile for your first meld, only its top card counts from the pile: your "
    "count is {count} and the minimum is {minimum}.",
    "When {who} takes the pile for their first meld, only its top card counts from the pile: "
    "their count is {count} and the minimum is {minimum}.",
    "Your side's first meld must count at least {minimum} (cumulative score {score}); these "
    "cards count {count}.",
    # The first-game checklist's score-sheet hint: {target} the game's target score, a value.
    "the game ends at {target}",
    # {naturals}, {wilds}: numbers after their labels ("natural cards: 4"), rule M-MELD-2.
    "The meld keeps within the limits (natural cards: {naturals}, wild cards: {wilds}).",
})


def fields(text: str) -> set[str]:
    try:
        return {name for _literal, name, _spec, _conv in string.Formatter().parse(text) if name}
    except ValueError:
        return set()


def counts(text: str) -> set[str]:
    """The placeholders of a text that hold a count."""
    named = set() if text in VALUES else {name for name in fields(text) if name in COUNT_FIELDS}
    return named | {found[1] for found in COUNTED_NOUN.finditer(text)}


def singular_texts(path: Path) -> list[tuple[int, str]]:
    """The texts a file marks for translation as singular entries: (line, text)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else \
            func.attr if isinstance(func, ast.Attribute) else None
        if name not in SINGULAR_CALLS or not node.args:
            continue
        message = node.args[-1]
        if isinstance(message, ast.Constant) and isinstance(message.value, str):
            found.append((node.lineno, message.value))
    return found


def offenders() -> dict[str, set[str]]:
    """Per file (relative to the checkout), its singular texts that hold a count."""
    result: dict[str, set[str]] = {}
    for path in SOURCES:
        for _line, text in singular_texts(path):
            if counts(text):
                result.setdefault(str(path.relative_to(ROOT)), set()).add(text)
    return result


def test_every_sentence_with_a_count_is_a_plural_entry() -> None:
    found = offenders()
    new = {f"{path}: {text!r}" for path, texts in found.items() if path not in PENDING
           for text in texts}
    assert not new, "make these plural entries (NN_ or NPN_):\n" + "\n".join(sorted(new))


def test_the_pending_list_only_names_files_still_pending() -> None:
    stale = sorted(PENDING - set(offenders()))
    assert not stale, "fixed or reworded: remove from PENDING:\n" + "\n".join(sorted(stale))


def test_the_values_are_marked_texts_with_numbers_and_no_counted_noun() -> None:
    """A listed value sentence that was reworded or removed leaves the list, and one that names
    a counted noun after its number is no value sentence."""
    marked = {text for path in SOURCES for _line, text in singular_texts(path)}
    assert sorted(VALUES - marked) == []
    assert [text for text in VALUES if not fields(text) & COUNT_FIELDS] == []
    assert [text for text in VALUES if COUNTED_NOUN.search(text)] == []


@pytest.mark.parametrize(("text", "held"), [
    ("{wrong} wrong, {right} right, by {learners} learners", {"wrong", "right", "learners"}),
    ("Move {n} of {total}", {"n", "total"}),
    ("The pile holds {pile} cards", {"pile"}),
    ("A meld can never have more than {maximum} cards; this one would have {cards}.",
     {"maximum"}),
    ("Only the opponents hold {cards} cards.", {"cards"}),
    ("({wilds} wild against {naturals} natural)", {"wilds", "naturals"}),
    ("You win the game with {score:nom} points.", {"score"}),
])
def test_a_count_is_found_by_its_name_or_its_noun(text: str, held: set[str]) -> None:
    assert counts(text) == held


@pytest.mark.parametrize("text", [
    "Take the pile with {cards}.", "{who} is playing.", "Step {number}", "Canasta of {rank}",
    "This makes a {kind} canasta of {rank}.", "{who} answers no.",
    "The lesson {lesson} is unavailable: its file {file} has a mistake.",
])
def test_a_name_or_a_label_is_no_count(text: str) -> None:
    assert not counts(text)


def test_the_scan_finds_singular_texts_and_skips_plural_entries(tmp_path: Path) -> None:
    source = tmp_path / "sample.py"
    source.write_text('A = N_("{n} card")\nB = NN_("{n} card", "{n} cards")\n'
                      'def f(tr):\n    return tr.gettext("Rule {n} of {total}")\n')
    assert singular_texts(source) == [(1, "{n} card"), (4, "Rule {n} of {total}")]


def test_the_teachers_trouble_line_counts_in_plural_parts() -> None:
    """The teacher's "{wrong} wrong, {right} right, by {learners} learners" was one sentence with
    three counts and one form; now each count is its own plural entry, joined by a template
    without counts."""
    from tutor.i18n import translator
    from tutor.ui.pages import classes

    assert not counts(classes.TROUBLE)
    english = translator("en")
    parts = [english.format(english.ngettext(*part, n), part[n != 1], n=n)
             for part, n in ((classes.TROUBLE_WRONG, 1), (classes.TROUBLE_RIGHT, 2),
                             (classes.TROUBLE_LEARNERS, 1))]
    assert parts == ["1 wrong answer", "2 right answers", "by 1 learner"]
