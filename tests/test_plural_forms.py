"""Every sentence with a count is a plural entry, so each language can make its words agree
with the number ("1 wrong answer", "2 wrong answers"; Swedish "1 elev", "2 elever").

The code's marked texts are read from its syntax tree (every ``N_``, ``NP_``, ``_``,
``gettext`` and ``pgettext`` call with a literal text, in the files the catalogs are extracted
from), not from locales/tutor.pot, which lags behind the code until the next extraction. A count
is a placeholder named for a number ({n}, {count}, {wrong}, {total} ...), or any placeholder
directly followed by a counted noun ("{pile} cards", "{score} points").
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
# owners (issue 22, item 7): listed so the check guards every other file now. A file whose last
# such sentence is fixed must leave this list (the second test says so).
PENDING = frozenset({
    "tutor/words/narrate.py",  # "You win the game with {score} points ({rules})." and the like
    "tutor/words/reason_texts.py",  # "({cards} cards)", "{count}", "{minimum}", "{held} {rank}" ...
    "tutor/ui/card_table/model.py",  # "{score} points"
    "tutor/ui/pages/classes.py",  # "Learner {n}": a number that names, better {number}
    "tutor/ui/score_view.py",  # "{side}: {total} points.", "… left holding {held} {rank}"
})


def fields(text: str) -> set[str]:
    try:
        return {name for _literal, name, _spec, _conv in string.Formatter().parse(text) if name}
    except ValueError:
        return set()


def counts(text: str) -> set[str]:
    """The placeholders of a text that hold a count."""
    return ({name for name in fields(text) if name in COUNT_FIELDS}
            | {found[1] for found in COUNTED_NOUN.finditer(text)})


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
