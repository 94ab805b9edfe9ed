"""Every sentence of one language on one HTML page, for a translator to read top to bottom.

``python -m tutor catalogs render --lang L``: each verdict reason (with several sets of example
values for its parameters, both plural forms where it has them), each house-rule sentence, each
headline, narration and hint sentence, each rule text and each lesson step, as the learner would
see it. One row is one English source, then each different sentence its values give (n = 1 and
3; cards and ranks of each grammatical gender; other seats), so a reviewer sees agreement where
one frozen value hid it ("1 rois"). Text is escaped; nothing here is shown to learners.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import escape
from types import ModuleType

from tutor.engine.actions import Group
from tutor.engine.cards import Card, Rank
from tutor.i18n import Translator, placeholders
from tutor.lessons.load import load_all
from tutor.lessons.runner import say
from tutor.words import describe, narrate
from tutor.words.explain import HEADLINES, fill_reason, rule_statement, rule_title
from tutor.words.names import THE, card_name, cards_name, rank_name, seat_name
from tutor.words.reason_texts import (
    HOUSE_RULE_COUNTS,
    HOUSE_RULE_TEXTS,
    REASON_TEXTS,
    ReasonText,
)
from tutor.words.rule_texts import OPTION_TEXTS, RULE_TEXTS

UNFILLED = re.compile(r"\{[A-Za-z_]\w*(?:[:!][^{}]*)?\}")
# Example values for a reason's parameters, as the engine gives them (cards and ranks in
# notation, shown as names by tutor.words.explain).
EXAMPLES: dict[str, object] = {
    "card": "QH", "top": "7C", "rank": "K", "onto": "9", "ranks": "K-9", "kind": "natural",
    "colour": "red", "seat": 1, "to_move": 2, "partner": 2, "minimum": 50, "count": 45,
    "cards": 3, "needed": 2, "maximum": 3, "naturals": 4, "wilds": 2, "canastas": 2,
    "hand": 8, "score": 1500, "held": 3, "talon": 2, "size": 7, "pile": 12, "meld_cards": 5,
    "loose": 2, "cards_left": 4, "clean": 1, "jokers": 4, "others": 2, "per": 100,
    "stock": 5, "threes": 2, "wild": 2, "obey_no": 1,
}
# Further value sets, so a reviewer sees agreement rather than one frozen case: one of
# everything (singular forms, "1 king" must not read "1 kings"), then cards and ranks of the
# other grammatical genders with larger numbers: a king (masculine in German, Greek, French), a
# queen (feminine), a seven (Greek neuter, German feminine), an ace (German neuter). Each row is
# rendered with every set; a set that gives the same sentence is dropped.
VARIANTS: tuple[dict[str, object], ...] = (
    EXAMPLES,
    {**{k: 1 for k, v in EXAMPLES.items() if isinstance(v, int)},
     "card": "KS", "top": "AD", "rank": "A", "onto": "Q", "ranks": "Q-7", "score": 1,
     "seat": 1, "to_move": 3, "partner": 3,
     # names, not numbers, and the counts a real verdict pairs with one of something
     "kind": "mixed", "colour": "black", "minimum": 90, "needed": 2},
    {**EXAMPLES, "card": "7D", "top": "QS", "rank": "Q", "onto": "7", "ranks": "A-7",
     "held": 5, "cards": 7, "count": 120, "hand": 11, "pile": 21, "seat": 3, "to_move": 1,
     "partner": 1, "minimum": 120, "size": 2},
    {**EXAMPLES, "card": "AS", "top": "5C", "rank": "7", "onto": "A", "ranks": "7-5",
     "held": 4, "cards": 4, "threes": 3, "count": 90},
)

# Where a parameter means cards rather than points, the value a real verdict has (a meld's
# least size or natural cards), so a reviewer never reads "at least 50 cards".
BY_RULE: dict[str, dict[str, object]] = {
    "C-MELD-1": {"minimum": 3}, "M-MELD-1": {"minimum": 3},
    "C-MELD-2": {"minimum": 2}, "M-MELD-2": {"minimum": 2}, "M-MELD-3": {"minimum": 4},
}

# Where a reason is about wild cards or threes, the cards a real verdict names there (one per
# value set), so a reviewer never reads "threes cannot be melded: the queen of hearts stays out".
_WILDS, _THREES, _BLACK_THREES = ("2C", "JK", "2H", "JK"), ("3H", "3S", "3D", "3C"), ("3S", "3C")
CARDS_BY_RULE: dict[str, tuple[str, ...]] = {
    "C-TURN-4": _WILDS, "M-PILE-2": _WILDS, "C-MELD-3": _THREES, "M-DEAL-2": _THREES,
    "C-PILE-2": ("2C", "3S", "JK", "3C"), "C-PILE-3": ("2C", "3H", "JK", "3D"),
}

Row = tuple[str, str]  # (English source, the language's sentence)


def _cards_for(entry: ReasonText, variant: int) -> str | None:
    """The card a real verdict of this reason names, for the variant-th value set."""
    sources = entry.text if isinstance(entry.text, tuple) else (entry.text,)
    if any("black three" in text for text in sources) and "C-PILE-3" in entry.rules:
        return _BLACK_THREES[variant % len(_BLACK_THREES)]
    for rule in entry.rules:
        if rule in CARDS_BY_RULE:
            cards = CARDS_BY_RULE[rule]
            return cards[variant % len(cards)]
    return None


def _params(entry: ReasonText, count: int | None,
            examples: dict[str, object] = EXAMPLES, variant: int = 0) -> dict[str, object]:
    params: dict[str, object] = {k: examples.get(k, 2) for k in entry.keys | entry.extra}
    for rule in entry.rules:
        params.update({k: v for k, v in BY_RULE.get(rule, {}).items() if k in params})
    card = _cards_for(entry, variant)
    if card is not None:
        params.update({k: card for k in ("card", "top") if k in params})
    params.update(entry.when)
    if count is not None and entry.count:
        params[entry.count] = count
    return params


def _unique(rows: Iterator[Row]) -> Iterator[Row]:
    seen: set[Row] = set()
    for row in rows:
        if row not in seen:
            seen.add(row)
            yield row


# The seat a sentence about another player names, one per value set: each role in turn.
OTHER_SEATS = ("left", "partner", "right", "opponent")
# The counts a plural reason is shown with (one and three), where a real verdict's count is
# larger: a canasta over the wild-card limit, three of a rank left in hand, one of several.
COUNTS_BY_RULE: dict[str, tuple[int, int]] = {
    "C-MELD-5": (4, 5), "M-SCORE-4": (3, 4), "S-BREAK-GROUP": (2, 3)}


def _counts(entry: ReasonText) -> tuple[int, int]:
    return next((COUNTS_BY_RULE[r] for r in entry.rules if r in COUNTS_BY_RULE), (1, 3))


def _by_turns(counts: tuple[int, int] | tuple[None]) -> list[tuple[int, int | None, int]]:
    """(value set, count, form) in the order a row shows them: each value set once, the counts
    taking turns (so the first four sentences already hold each gender and both numbers),
    then the rest."""
    pairs = [(v, i) for v in range(len(VARIANTS)) for i in range(len(counts))]
    pairs.sort(key=lambda pair: (pair[1] != pair[0] % len(counts), pair[0]))
    return [(v, counts[i], i) for v, i in pairs]


def _reason_variants(entry: ReasonText, tr: Translator) -> Iterator[Row]:
    sources = entry.text if isinstance(entry.text, tuple) else (entry.text,)
    counts: tuple[int, int] | tuple[None] = _counts(entry) if len(sources) == 2 else (None,)
    for variant, count, form in _by_turns(counts):
        params = _params(entry, count, VARIANTS[variant], variant)
        yield sources[form], fill_reason(entry, params, tr)


def _other_variants(entry: ReasonText, tr: Translator) -> Iterator[Row]:
    """The entry's sentence about another player, with each seat by turns."""
    if entry.other is None:
        return
    sources = entry.other if isinstance(entry.other, tuple) else (entry.other,)
    counts: tuple[int, int] | tuple[None] = _counts(entry) if len(sources) == 2 else (None,)
    for variant, count, form in _by_turns(counts):
        seat = OTHER_SEATS[variant % len(OTHER_SEATS)]
        params = _params(entry, count, VARIANTS[variant], variant)
        if seat == "partner" and entry.partner is not None:  # "your partner may ask you"
            yield entry.partner, fill_reason(entry, params, tr, about_partner=True)
            continue
        yield sources[form], fill_reason(entry, params, tr, seat_name(seat, tr))


def reason_rows(tr: Translator) -> Iterator[Row]:
    for entry in REASON_TEXTS:
        yield from _unique(_reason_variants(entry, tr))
        yield from _unique(_other_variants(entry, tr))
    for (option, value), template in HOUSE_RULE_TEXTS.items():
        target = int(value) if value and value.isdigit() else 5000  # an example target score
        yield template, tr.format(tr.gettext(template), template, option=option, target=target)
    for (option, _value), (one, many) in HOUSE_RULE_COUNTS.items():
        for target in (1, 5000):  # both forms, so a reviewer sees the agreement
            yield one, tr.format(tr.ngettext(one, many, target), many, option=option,
                                 target=target)


def headline_rows(tr: Translator) -> Iterator[Row]:
    for template in HEADLINES.values():
        yield template, tr.format(tr.gettext(template), template, card=card_name(_QH, tr))


_QH, _2C, _7C, _3H, _AS, _7D, _7S, _JK = (
    Card.parse(c) for c in ("QH", "2C", "7C", "3H", "AS", "7D", "7S", "JK"))


def _sentence_examples(tr: Translator, rank: Rank = Rank.KING, card: Card | None = None,
                       cards: tuple[Card, ...] = ()) -> dict[str, object]:
    kings = rank_name(rank, tr)
    melds = tr.format(tr.ngettext(*narrate.MELD_NATURAL, 3), narrate.MELD_NATURAL[1],
                      n=3, rank=rank_name(rank, tr, 3))
    layoffs = tr.format(tr.gettext(narrate.LAYOFF_YOU), narrate.LAYOFF_YOU,
                        cards=cards_name([_7C], tr), rank=rank_name(Rank.SEVEN, tr))
    theirs = tr.format(tr.gettext(narrate.LAYOFF_OTHER), narrate.LAYOFF_OTHER,
                       cards=cards_name([_7C], tr), rank=rank_name(Rank.SEVEN, tr))
    return {
        "_rank": rank,  # the rank's name follows n in sentence_rows ("one king", "3 kings")
        "who": narrate.seat_label(narrate.SeatRole.PARTNER, tr),
        "cards": cards_name(list(cards or (_QH, _2C)), tr),
        "threes": cards_name([_3H], tr), "card": card_name(card or _7C, tr, THE), "rank": kings,
        "wilds": 2, "melds": melds, "layoffs": layoffs,
        "_layoffs_other": theirs,  # the list as a sentence about another player says it
        "rules": "C-TURN-3", "score": 5120,  # the rule ids and total of an event's sentence
    }


def _templates(module: ModuleType) -> Iterator[str | tuple[str, str]]:
    """The module's sentence constants: a text, or a singular and plural pair."""
    for name, value in vars(module).items():
        if not name.isupper() or name.startswith("_"):
            continue
        if isinstance(value, str) and value.strip():
            yield value
        elif (isinstance(value, tuple) and len(value) == 2
              and all(isinstance(v, str) for v in value) and "{" in "".join(value)):
            yield value  # (singular, plural); a context pair has no placeholder in its context


def _counted(values: dict[str, object], n: int, tr: Translator, by_n: bool) -> dict[str, object]:
    """The values for a sentence about n cards: n, and the rank's name, in the number n where
    the sentence counts the rank itself ("one king", "3 kings"), else plural as the code
    names a meld's rank ("with two kings", "one card to your kings")."""
    counted = {k: v for k, v in values.items() if not k.startswith("_")}
    rank = values.get("_rank")
    if isinstance(rank, Rank):
        counted["rank"] = rank_name(rank, tr, n if by_n else 2)
    return {**counted, "n": n}


def _counts_rank(template: str | tuple[str, str]) -> bool:
    texts = (template,) if isinstance(template, str) else template
    return any("{n} {rank}" in text or "one {rank}" in text for text in texts)


def sentence_rows(module: ModuleType, tr: Translator, *others: dict[str, object],
                  **examples: object) -> Iterator[Row]:
    """Each sentence with the examples, then with each further set of values (other genders),
    a sentence that reads the same with them shown once. A pair whose singular has ``{n}``
    and whose plural has another number goes by that one (a meld of {n} cards, "one of them a
    wild card" / "{wilds} of them"): both forms with n = 3, the singular with one."""
    for template in _templates(module):
        rows: list[Row] = []
        by_n = _counts_rank(template)
        about_other = any("{who" in text for text in (
            (template,) if isinstance(template, str) else template))
        for values in (examples, *others):
            if about_other and "_layoffs_other" in values:
                values = {**values, "layoffs": values["_layoffs_other"]}
            if isinstance(template, str):
                rows.append((template, tr.format(tr.gettext(template), template,
                                                 **_counted(values, 3, tr, by_n))))
                continue
            by_other = placeholders(template[1]) - placeholders(template[0]) - {"n"}
            other_number = "{n}" in template[0] and bool(by_other)
            for n, source in zip((1, 3), template, strict=True):
                filled = _counted(values, 3 if other_number else n, tr, by_n)
                if other_number and n == 1:
                    filled.update(dict.fromkeys(by_other, 1))
                rows.append((source, tr.format(tr.ngettext(*template, n), source, **filled)))
        yield from _unique(iter(rows))


def rule_rows(tr: Translator) -> Iterator[Row]:
    for rule_id, (title, statement) in (*RULE_TEXTS.items(), *OPTION_TEXTS.items()):
        yield f"{rule_id} {title}", f"{rule_id} {rule_title(rule_id, tr)}"
        yield statement, rule_statement(rule_id, tr)


def lesson_rows(tr: Translator) -> Iterator[Row]:
    for lesson in load_all():
        yield lesson.title, say(lesson, lesson.title, tr)
        for step in lesson.steps:
            texts = (step.text, step.question, step.hint, step.success,
                     *(move.say for move in step.moves), *(o.why for o in step.options))
            for text in texts:
                if text:
                    yield text, say(lesson, text, tr)


def event_rows(tr: Translator) -> Iterator[Row]:
    """The narration with a king, a queen and a seven (and cards of each gender)."""
    yield from sentence_rows(narrate, tr, _sentence_examples(tr, Rank.QUEEN, _QH),
                             _sentence_examples(tr, Rank.SEVEN, _AS, (_7D, _7S, _JK)),
                             **_sentence_examples(tr))


def hint_rows(tr: Translator) -> Iterator[Row]:
    """The hints with three sets of cards and melds (one laid onto a meld of kings)."""
    hint = {**_sentence_examples(tr), "card": card_name(_7C, tr),
            "melds": describe.groups_text((Group((_QH, _2C)),), tr)}
    others = (
        {**_sentence_examples(tr, Rank.QUEEN, _QH), "card": card_name(_AS, tr),
         "cards": cards_name([_7D, _7S], tr),
         "melds": describe.groups_text((Group((_7D, _7S, _7C)), Group((_JK,), Rank.KING)), tr)},
        {**_sentence_examples(tr, Rank.SEVEN, _AS), "card": card_name(_QH, tr),
         "cards": cards_name([_AS, _JK], tr),
         "melds": describe.groups_text((Group((_AS, _AS, _JK)),), tr)},
    )
    yield from sentence_rows(describe, tr, *others, **hint)


def sections(tr: Translator) -> list[tuple[str, list[Row]]]:
    return [
        ("Verdicts: headlines", list(headline_rows(tr))),
        ("Verdicts: reasons and house rules", list(reason_rows(tr))),
        ("Events: what a move did", list(event_rows(tr))),
        ("Hints: a move in words", list(hint_rows(tr))),
        ("Rules", list(rule_rows(tr))),
        ("Lessons", list(lesson_rows(tr))),
    ]


def unfilled(text: str) -> list[str]:
    """Placeholders left in a rendered sentence (a broken template)."""
    return UNFILLED.findall(text)


SHOWN_PER_ROW = 4  # enough for each gender and both numbers; more reads as noise


def grouped(rows: list[Row], limit: int = SHOWN_PER_ROW) -> list[tuple[str, list[str]]]:
    """The rows by English source, in the order each source first comes: one source, then
    the first ``limit`` different sentences it gave (the rows come in an order that shows
    the most different values first)."""
    groups: dict[str, list[str]] = {}
    for source, text in rows:
        texts = groups.setdefault(source, [])
        if text not in texts and len(texts) < limit:
            texts.append(text)
    return list(groups.items())


def render_html(tr: Translator, language: str) -> str:
    """One numbered row per English source, its sentences under it (each an ``<li>``)."""
    tag = escape(tr.lang.replace("_", "-"))
    parts = [f'<!doctype html><html lang="{tag}"><meta charset="utf-8">',
             f"<title>canasta-tutor: every sentence in {escape(language)}</title>",
             "<style>body{font:15px/1.45 sans-serif;max-width:60em;margin:2em auto}"
             "ol>li{margin:.7em 0}ul{margin:.1em 0;padding-left:1.2em}"
             ".en{color:#777;font-size:90%}</style>",
             f"<h1>Every sentence in {escape(language)} ({escape(tr.lang)})</h1>",
             "<p>Each row: the English source (grey), then every different sentence it gives "
             "with several values (one and three, ranks and cards of each gender, other "
             "seats).</p>"]
    for title, rows in sections(tr):
        groups = grouped(rows)
        count = sum(len(texts) for _, texts in groups)
        parts.append(f"<h2>{escape(title)} ({len(groups)} sources, {count} sentences)</h2><ol>")
        parts.extend(f'<li class="row"><div class="en">{escape(source)}</div><ul>'
                     + "".join(f"<li>{escape(text)}</li>" for text in texts) + "</ul></li>"
                     for source, texts in groups)
        parts.append("</ol>")
    return "\n".join(parts) + "\n</html>\n"
